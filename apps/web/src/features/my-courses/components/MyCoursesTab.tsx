import type { CourseDto } from '@coursa/contracts';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { myCoursesApi } from '../api/my-courses-api';
import { CourseCard } from './CourseCard';
import { DisputeModal } from './DisputeModal';
import { RATING_MESSAGES, RatingModal } from './RatingModal';

type Courses = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; items: CourseDto[] };

/** Spec §2 "My courses": the client's courses, newest first, with their actions. */
export function MyCoursesTab() {
  const [courses, setCourses] = useState<Courses>({ state: 'loading' });
  const [rating, setRating] = useState<string | null>(null);
  const [claim, setClaim] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setCourses({ state: 'ready', items: await myCoursesApi.list() });
    } catch (error) {
      // Spec §8: load failures are logged only; the screen offers a reload.
      console.error(error);
      setCourses({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Mes courses</h2>
        <Button variant="secondary" onClick={() => void load()}>
          Actualiser
        </Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {courses.state === 'loading' && <Loader />}
      {courses.state === 'failed' && <p className="muted">Impossible de charger vos courses pour le moment.</p>}
      {courses.state === 'ready' && !courses.items.length && (
        <section className="card">
          <p className="muted">Vous n'avez pas encore de course.</p>
        </section>
      )}
      {courses.state === 'ready' &&
        courses.items.map((course) => (
          <CourseCard
            key={course.id}
            course={course}
            onChanged={() => void load()}
            onRate={() => setRating(course.id)}
            onClaim={() => setClaim(course.id)}
          />
        ))}
      {rating && (
        <RatingModal
          courseId={rating}
          onClose={() => setRating(null)}
          onDone={() => {
            setRating(null);
            setNotice(RATING_MESSAGES.done);
          }}
        />
      )}
      {claim && <DisputeModal courseId={claim} onClose={() => setClaim(null)} />}
    </div>
  );
}
