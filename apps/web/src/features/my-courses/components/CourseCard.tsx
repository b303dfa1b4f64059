import type { CourseDto, RefundStatus } from '@coursa/contracts';
import { ACTIVE_STATUSES, COURSE_STATUS_LABELS, DEFAULT_PACKAGE_TYPE, formatGnf, receiptFileName } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ProofPhotoFigure, StoredPhoto } from '@/components/ui/StoredPhoto';
import { CourseRoute } from '@/components/map/CourseRoute';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { PhoneLink } from '@/components/ui/PhoneLink';
import { useChange } from '@/lib/query-client';
import { myCoursesApi, myCoursesQueries, saveFile } from '../api/my-courses-api';
import { DetailRow } from '@/components/ui/DetailRow';
import { OrderAgain } from './OrderAgain';

export const COURSE_CARD_MESSAGES = {
  receiptFailed: 'Erreur lors du téléchargement du reçu',
  cancelConfirm: 'Annuler cette course ? Cette action est définitive.',
  cancelFailed: "Erreur lors de l'annulation de la course",
} as const;

/** A cancelled paid course's refund as its client reads it (README "Refunds"). */
export const REFUND_STATUS_TEXTS: Record<RefundStatus, string> = {
  to_do: 'Remboursement à effectuer par Coursa',
  failed: 'Remboursement à effectuer par Coursa',
  processing: 'Remboursement en cours',
  completed: 'Remboursé',
};

interface CourseCardProps {
  course: CourseDto;
  onRate: () => void;
  onClaim: () => void;
}

const phoneOrDash = (phone: string | null, who: string) => (phone ? <PhoneLink phone={phone} who={who} /> : '—');

/** One course of "Mes courses" (spec §2): summary, expandable details and the actions its status allows. */
export function CourseCard({ course, onRate, onClaim }: CourseCardProps) {
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A cancelled course changes in the client's list (its status, its refund).
  const cancellation = useChange(() => myCoursesApi.cancel(course.id), () => [myCoursesQueries.list()]);
  const inProgress = ACTIVE_STATUSES.includes(course.status);
  const detailsId = `course-details-${course.id}`;

  async function act(action: () => Promise<void>, fallback: string) {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(errorMessage(caught, fallback));
    } finally {
      setBusy(false);
    }
  }

  const cancel = () => {
    if (!window.confirm(COURSE_CARD_MESSAGES.cancelConfirm)) return;
    void act(async () => void (await cancellation.mutateAsync()), COURSE_CARD_MESSAGES.cancelFailed);
  };

  const downloadReceipt = () =>
    act(async () => {
      try {
        saveFile(await myCoursesApi.receipt(course.id), receiptFileName(Number(course.course_id.replace(/\D/g, ''))));
      } catch {
        throw new Error(COURSE_CARD_MESSAGES.receiptFailed);
      }
    }, COURSE_CARD_MESSAGES.receiptFailed);

  return (
    <article className="card stack course-card" aria-label={`Course ${course.course_id}`}>
      <h3 className="card__title course-card__number">Course {course.course_id}</h3>
      <div className="card__header">
        <span className={`status-badge status-badge--${course.status}`}>{COURSE_STATUS_LABELS[course.status]}</span>
        <strong className="course-card__price">{formatGnf(course.estimated_price)}</strong>
      </div>
      <ol className="course-card__route">
        <li>
          <span className="course-card__dot course-card__dot--pickup" aria-hidden="true" />
          <span>
            <span className="muted">Retrait</span> {course.pickup_location.address}
          </span>
        </li>
        <li>
          <span className="course-card__dot course-card__dot--delivery" aria-hidden="true" />
          <span>
            <span className="muted">Livraison</span> {course.delivery_location.address}
          </span>
        </li>
      </ol>
      <dl className="details">
        <DetailRow label="Destinataire" value={<PhoneLink phone={course.recipient_phone} who="le destinataire" />} />
        <DetailRow label="Contact retrait" value={phoneOrDash(course.pickup_contact_phone, 'le contact au retrait')} />
        <DetailRow label="Contact livraison" value={phoneOrDash(course.delivery_contact_phone, 'le contact à la livraison')} />
        {course.description && <DetailRow label="Description" value={course.description} />}
        <DetailRow label="Type de colis" value={course.package_type || DEFAULT_PACKAGE_TYPE} />
      </dl>
      {course.refund && (
        <Alert tone={course.refund.status === 'completed' ? 'success' : 'info'}>
          {REFUND_STATUS_TEXTS[course.refund.status]} · {formatGnf(course.refund.amount)}
        </Alert>
      )}

      <Button variant="link" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded(!expanded)}>
        {expanded ? 'Masquer les détails' : 'Voir les détails'}
      </Button>
      {expanded && (
        <div id={detailsId} className="stack course-card__details">
          <ol className="timeline" aria-label="Chronologie">
            <TimelineStep label="Créée" at={course.created_at} />
            <TimelineStep label="Colis récupéré" at={course.pickup_time} />
            <TimelineStep label="Livrée" at={course.delivery_time} />
          </ol>
          <dl className="details">
            {course.delivery_person_name && <DetailRow label="Livreur" value={course.delivery_person_name} />}
            {course.pickup_instructions && <DetailRow label="Instructions retrait" value={course.pickup_instructions} />}
            {course.delivery_instructions && <DetailRow label="Instructions livraison" value={course.delivery_instructions} />}
            <DetailRow label="N° de course" value={course.course_id} />
            <DetailRow label="Prix estimé" value={formatGnf(course.estimated_price)} />
            {course.discount > 0 && <DetailRow label="Réduction" value={formatGnf(course.discount)} />}
            <DetailRow label="Prix final" value={course.final_price === null ? 'En attente' : formatGnf(course.final_price)} />
          </dl>
          {/* The route the courier rode, kept on the course once delivered (issue 25); nothing while there is none. */}
          {course.status === 'delivered' && <CourseRoute courseId={course.id} missing={null} />}
          {course.photo_url && <StoredPhoto url={course.photo_url} alt="Photo du colis" />}
          {course.proof_photo_url && <ProofPhotoFigure url={course.proof_photo_url} />}
          {course.delivery_otp && (
            <Alert tone="info">Un code de livraison à 6 chiffres a été envoyé au destinataire par SMS.</Alert>
          )}
        </div>
      )}

      {error && <Alert tone="error">{error}</Alert>}
      {course.status === 'pending' && (
        <Button variant="secondary" onClick={cancel} disabled={busy}>
          Annuler la course
        </Button>
      )}
      {course.status === 'delivered' && (
        <div className="course-card__actions">
          {course.rating ? (
            <span className="course-card__rating" aria-label={`Votre note : ${course.rating.rating} sur 5`}>
              Votre note : {'★'.repeat(course.rating.rating)}
              {'☆'.repeat(5 - course.rating.rating)}
              {course.rating.comment && <span className="muted"> « {course.rating.comment} »</span>}
            </span>
          ) : (
            <Button onClick={onRate}>Évaluer</Button>
          )}
          <Button variant="secondary" onClick={() => void downloadReceipt()} disabled={busy}>
            {busy ? 'Téléchargement…' : 'Reçu PDF'}
          </Button>
          <Button variant="secondary" onClick={onClaim}>
            Réclamation
          </Button>
        </div>
      )}
      {!inProgress && <OrderAgain course={course} />}
      {inProgress && (
        <Button variant="secondary" onClick={onClaim}>
          Signaler un problème
        </Button>
      )}
    </article>
  );
}


function TimelineStep({ label, at }: { label: string; at: string | null }) {
  return (
    <li className={at ? 'timeline__step timeline__step--done' : 'timeline__step'}>
      <span>{label}</span>
      <span className="muted">{at ? formatDateTime(at) : '—'}</span>
    </li>
  );
}
