import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { usePagedList } from '@/lib/paged-query';
import { myCoursesQueries } from '../api/my-courses-api';
import { CourseCard } from './CourseCard';
import { DisputeModal } from './DisputeModal';
import { MyClaims } from './MyClaims';
import { RATING_MESSAGES, RatingModal } from './RatingModal';

/** Spec §2 "My courses": the client's courses, newest first, with their actions; « Voir plus » reads the next page. */
export function MyCoursesTab() {
  // Spec §8: load failures are logged only; the screen offers a reload.
  const courses = usePagedList(myCoursesQueries.list(), (courses) => courses);
  const [rating, setRating] = useState<string | null>(null);
  const [claim, setClaim] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Mes courses</h2>
        <Button variant="secondary" onClick={courses.reload}>
          Actualiser
        </Button>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {courses.isPending && <Loader />}
      {courses.isError && <p className="muted">Impossible de charger vos courses pour le moment.</p>}
      {courses.items?.length === 0 && (
        <section className="card">
          <p className="muted">Vous n'avez pas encore de course.</p>
        </section>
      )}
      {courses.items?.map((course) => (
          <CourseCard
            key={course.id}
            course={course}
            onRate={() => setRating(course.id)}
            onClaim={() => setClaim(course.id)}
          />
        ))}
      <LoadMore list={courses} />
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
      <MyClaims />
    </div>
  );
}
