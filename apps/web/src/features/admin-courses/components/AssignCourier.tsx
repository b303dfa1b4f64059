import { ACTIVE_STATUSES, COURSE_STATUS_LABELS, type CourseStatus } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormDialog } from '@/components/ui/FormDialog';
import { Loader } from '@/components/ui/Loader';
import { Select } from '@/components/ui/Select';
import { errorMessage } from '@/lib/api-client';
import { allPagesQuery } from '@/lib/paged-query';
import { everyQueryOf, useChange } from '@/lib/query-client';
import { adminCoursesApi, adminCoursesQueries } from '../api/admin-courses-api';

/** The course as the dispatch card and the course list know it. */
export interface AssignableCourse {
  id: string;
  /** How staff name it (its number, or its short id). */
  name: string;
  status: CourseStatus;
  courierId: string | null;
  handBackCount: number;
}

export const ASSIGN_MESSAGES = {
  assign: 'Assigner un livreur',
  reassign: 'Réassigner',
  failed: "Impossible de confier la course pour le moment.",
  none: 'Aucun livreur disponible en ce moment.',
} as const;

const canAssign = (status: CourseStatus) => status === 'pending' || ACTIVE_STATUSES.includes(status);

/**
 * Issue 38: staff give a waiting course to an available courier, or a course under way to another one (its status
 * kept); how many times couriers handed it back shows beside. Used by the course list and the dispatch card.
 */
export function CourseAssignment({ course }: { course: AssignableCourse }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (!canAssign(course.status)) return null;
  return (
    <div className="stack">
      {course.handBackCount > 0 && (
        <p className="alert alert--info">
          Rendue {course.handBackCount} fois par un livreur
        </p>
      )}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="button-row">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {course.status === 'pending' ? ASSIGN_MESSAGES.assign : ASSIGN_MESSAGES.reassign}
        </Button>
      </div>
      {open && (
        <AssignCourierModal
          course={course}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      )}
    </div>
  );
}

function AssignCourierModal({ course, onClose, onDone }: { course: AssignableCourse; onClose: () => void; onDone: (message: string) => void }) {
  const couriers = useQuery(allPagesQuery('GET /api/admin/couriers/available', {}, (page) => page));
  const choices = (couriers.data ?? []).filter((courier) => courier.id !== course.courierId);
  const [courierId, setCourierId] = useState('');
  const assign = useChange(
    (id: string) => adminCoursesApi.assign(course.id, id),
    () => [adminCoursesQueries.all, everyQueryOf('GET /api/admin/dispatch'), everyQueryOf('GET /api/admin/couriers/available')],
    { evenWhenRefused: true },
  );
  const chosen = courierId || choices[0]?.id || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) assign.mutate(chosen, { onSuccess: (answer) => onDone(answer.message) });
  };
  const title = course.status === 'pending' ? ASSIGN_MESSAGES.assign : `${ASSIGN_MESSAGES.reassign} (${COURSE_STATUS_LABELS[course.status]})`;
  return (
    <FormDialog title={`${course.name} : ${title}`} onSubmit={submit} onClose={onClose} submitLabel="Confirmer" submitDisabled={!chosen || assign.isPending}>
      {couriers.isPending && <Loader />}
      {couriers.isError && <Alert tone="error">Impossible de charger les livreurs disponibles.</Alert>}
      {couriers.isSuccess && !choices.length && <p className="muted">{ASSIGN_MESSAGES.none}</p>}
      {choices.length > 0 && (
        <Select
          label="Livreur disponible"
          value={chosen}
          onChange={(event) => setCourierId(event.target.value)}
          options={choices.map((courier) => ({
            value: courier.id,
            label: `${courier.full_name}${courier.active_courses ? ` · ${courier.active_courses} course(s) en cours` : ''}`,
          }))}
        />
      )}
      {assign.isError && <Alert tone="error">{errorMessage(assign.error, ASSIGN_MESSAGES.failed)}</Alert>}
    </FormDialog>
  );
}
