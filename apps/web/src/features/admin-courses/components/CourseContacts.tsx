import type { AdminCourseDto } from '@coursa/contracts';
import { PAYMENT_METHOD_LABELS } from '@coursa/domain';
import { PhoneLink } from '@/components/ui/PhoneLink';

/**
 * The rows of a back-office course card that ops act on (issue 38): the client's, courier's and recipient's phones as
 * tap-to-call links, and how the course is paid.
 */
export function CourseContacts({ course }: { course: AdminCourseDto }) {
  return (
    <>
      <div className="details__row">
        <dt>Tél. client</dt>
        <dd>
          <PhoneLink phone={course.client_phone} who={`le client ${course.client_name}`} />
        </dd>
      </div>
      {course.delivery_person_phone && (
        <div className="details__row">
          <dt>Tél. livreur</dt>
          <dd>
            <PhoneLink phone={course.delivery_person_phone} who={`le livreur ${course.delivery_person_name ?? ''}`.trim()} />
          </dd>
        </div>
      )}
      <div className="details__row">
        <dt>Tél. destinataire</dt>
        <dd>
          <PhoneLink phone={course.recipient_phone} who="le destinataire" />
        </dd>
      </div>
      <div className="details__row">
        <dt>Paiement</dt>
        <dd>{PAYMENT_METHOD_LABELS[course.payment_method] ?? course.payment_method}</dd>
      </div>
    </>
  );
}
