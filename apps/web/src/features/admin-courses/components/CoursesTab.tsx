import { COURSE_STATUS_LABELS, formatGnf, handoverFlagText, positionFlagText, SEARCH_LENGTH, shortId, type CourseStatus, type CourseStatusFilter } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { SearchField } from '@/components/ui/SearchField';
import { Select } from '@/components/ui/Select';
import { StoredPhotoToggle } from '@/components/ui/StoredPhoto';
import { CourseRouteToggle } from '@/components/map/CourseRoute';
import { useSearchTerm } from '@/hooks/use-search-term';
import { formatDate } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { adminCoursesApi, adminCoursesQueries } from '../api/admin-courses-api';
import { CourseContacts } from './CourseContacts';
import { StatusReasonModal, type StatusChange } from './StatusReasonModal';
import { CourseAssignment } from './AssignCourier';

export const COURSES_MESSAGES = {
  updated: 'Statut mis à jour avec succès',
  updateFailed: 'Erreur lors de la modification',
} as const;

/**
 * Spec §4's statuses, and « En route » (issue 38): the courses whose courier is on the road, to the pickup or to the
 * door, which no other choice showed.
 */
const STATUS_FILTERS: readonly { value: CourseStatusFilter | ''; label: string }[] = [
  { value: '', label: 'Tous les statuts' },
  { value: 'pending', label: COURSE_STATUS_LABELS.pending },
  { value: 'assigned', label: COURSE_STATUS_LABELS.assigned },
  { value: 'en_route', label: 'En route' },
  { value: 'collected', label: COURSE_STATUS_LABELS.collected },
  { value: 'delivered', label: COURSE_STATUS_LABELS.delivered },
  { value: 'cancelled', label: COURSE_STATUS_LABELS.cancelled },
];
const isFinal = (status: CourseStatus) => status === 'delivered' || status === 'cancelled';

/**
 * Spec §2 "Course management": courses by status (the server filters, across pages), newest first, « Voir plus » for
 * the next page; non-final ones can be closed as delivered or cancelled, an ended one shows its route on demand (one
 * at a time).
 */
export function CoursesTab() {
  const [status, setStatus] = useState<CourseStatusFilter | ''>('');
  const search = useSearchTerm(SEARCH_LENGTH.min);
  const courses = usePagedList(adminCoursesQueries.pages(status || undefined, search.term), (page) => page, { keepPrevious: true });
  // Every filtered list may hold the course: all of them reload.
  const statusChange = useChange(
    ({ courseId, newStatus, reason, cashCollected }: StatusChange & { reason: string; cashCollected?: boolean }) =>
      adminCoursesApi.setStatus(courseId, newStatus, reason, cashCollected),
    () => [adminCoursesQueries.all],
  );
  const [change, setChange] = useState<StatusChange | null>(null);
  const [routeOf, setRouteOf] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  function apply(reason: string, cashCollected?: boolean) {
    if (!change) return;
    setChange(null);
    statusChange.mutate(
      { ...change, reason: reason.trim(), cashCollected },
      {
        onSuccess: () => setNotice({ tone: 'success', text: COURSES_MESSAGES.updated }),
        onError: () => setNotice({ tone: 'error', text: COURSES_MESSAGES.updateFailed }),
      },
    );
  }

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Gestion des courses</h2>
        <Button variant="secondary" onClick={courses.reload}>
          Actualiser
        </Button>
      </div>
      <SearchField
        label="Rechercher une course"
        hint="Numéro (CRS-000123), référence du marchand, téléphone, nom du client ou du livreur, adresse"
        value={search.text}
        onChange={search.setText}
        maxLength={SEARCH_LENGTH.max}
      />
      <Select
        label="Filtrer par statut"
        options={STATUS_FILTERS}
        value={status}
        onChange={(event) => setStatus(event.target.value as CourseStatusFilter | '')}
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {courses.isPending && <Loader />}
      {courses.isError && <p className="muted">Impossible de charger les courses pour le moment.</p>}
      {courses.items?.length === 0 && <p className="muted">{search.term ? `Aucune course trouvée pour « ${search.term} ».` : 'Aucune course.'}</p>}
      {courses.items?.map((course) => (
          <article key={course.id} className="card admin-course" aria-label={`Course ${course.course_number}`}>
            <div className="card__header">
              <h3 className="card__title">Course {course.course_number}</h3>
              <span className={`status-badge status-badge--${course.status}`}>{COURSE_STATUS_LABELS[course.status]}</span>
            </div>
            {course.handover_flag && <p className="alert alert--error">⚠ À vérifier : {handoverFlagText(course.handover_flag)}</p>}
            {course.position_flag && <p className="alert alert--error">⚠ À vérifier : {positionFlagText(course.position_flag)}</p>}
            <dl className="details">
              <div className="details__row">
                <dt>Client</dt>
                <dd>
                  {course.client_name} <span className="muted">({shortId(course.client_id)})</span>
                </dd>
              </div>
              <div className="details__row">
                <dt>Livreur</dt>
                <dd>
                  {course.assigned_delivery_person_id ? (
                    <>
                      {course.delivery_person_name} <span className="muted">({shortId(course.assigned_delivery_person_id)})</span>
                    </>
                  ) : (
                    'Non assigné'
                  )}
                </dd>
              </div>
              <CourseContacts course={course} />
              <div className="details__row">
                <dt>Créée le</dt>
                <dd>{formatDate(course.created_at)}</dd>
              </div>
              <div className="details__row">
                <dt>Prix estimé</dt>
                <dd>{formatGnf(course.estimated_price)}</dd>
              </div>
              <div className="details__row">
                <dt>Retrait</dt>
                <dd>{course.pickup_location.address}</dd>
              </div>
              <div className="details__row">
                <dt>Livraison</dt>
                <dd>{course.delivery_location.address}</dd>
              </div>
              {course.description && (
                <div className="details__row">
                  <dt>Description</dt>
                  <dd>{course.description}</dd>
                </div>
              )}
            </dl>
            {course.proof_photo_url && <StoredPhotoToggle url={course.proof_photo_url} label="photo de remise" alt="Photo du colis remis à la porte" />}
            {isFinal(course.status) && (
              <CourseRouteToggle courseId={course.id} shown={routeOf === course.id} onToggle={() => setRouteOf(routeOf === course.id ? null : course.id)} />
            )}
            <CourseAssignment course={{ id: course.id, name: `Course ${course.course_number}`, status: course.status, courierId: course.assigned_delivery_person_id, handBackCount: course.hand_back_count }} />
            {!isFinal(course.status) && (
              <div className="button-row">
                <Button
                  onClick={() =>
                    setChange({
                      courseId: course.id,
                      courseNumber: course.course_number,
                      newStatus: 'delivered',
                      cashToCollect:
                        course.payment_method === 'cash_on_delivery' && course.price_to_pay > 0 && course.delivery_person_name
                          ? { amount: course.price_to_pay, courier: course.delivery_person_name }
                          : undefined,
                    })
                  }
                >
                  Marquer livrée
                </Button>
                <Button variant="secondary" onClick={() => setChange({ courseId: course.id, courseNumber: course.course_number, newStatus: 'cancelled' })}>
                  Annuler la course
                </Button>
              </div>
            )}
          </article>
        ))}
      <LoadMore list={courses} />
      {change && <StatusReasonModal change={change} onCancel={() => setChange(null)} onConfirm={apply} />}
    </div>
  );
}
