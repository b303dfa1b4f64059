import { HAND_BACK_STATUSES, INCIDENT_STATUSES, type CourseStatus } from '@coursa/domain';
import { HandBackButton } from './HandBackButton';
import { IncidentButton } from './IncidentButton';

/** Issue 38: what a courier does when the course goes wrong: hand it back before collecting, report an incident after. */
export function CourseTrouble({ courseId, status }: { courseId: string; status: CourseStatus }) {
  const handBack = HAND_BACK_STATUSES.includes(status);
  const incident = INCIDENT_STATUSES.includes(status);
  if (!handBack && !incident) return null;
  return (
    <section className="card stack" aria-label="Un problème ?">
      {handBack && <HandBackButton key={`hand-back-${courseId}`} courseId={courseId} />}
      {incident && <IncidentButton key={`incident-${courseId}`} courseId={courseId} />}
    </section>
  );
}
