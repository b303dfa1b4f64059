import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { useCurrentUser } from '@/features/auth';
import { PAYMENT_MESSAGES, pendingCourse } from '../payment-rules';
import { FollowCourseButton } from './FollowCourseButton';
import { PaymentModal } from './PaymentModal';

interface PaymentReturnProps {
  /** The order_id of `/?paiement=<order_id>`. */
  orderId: string;
  onCreateAnother: () => void;
  onDone: () => void;
}

/** Back from a provider's page: follows the payment until the server has made its course (or says why not). */
export function PaymentReturn({ orderId, onCreateAnother, onDone }: PaymentReturnProps) {
  const user = useCurrentUser();
  const [pending] = useState(() => pendingCourse.load(orderId));
  const [modalOpen, setModalOpen] = useState(true);
  const [created, setCreated] = useState<{ courseId: string | null } | null>(null);

  // The server has the order (issue 34): with or without the course saved in this browser, the payment is followed.
  if (modalOpen) {
    return (
      <PaymentModal
        customer={user}
        course={pending?.course}
        amount={pending?.amount}
        resumeOrderId={orderId}
        onSuccess={(courseId) => setCreated({ courseId })}
        onClose={() => (created ? setModalOpen(false) : onDone())}
      />
    );
  }
  return (
    <section className="card stack course-created">
      <h2 className="card__title">{PAYMENT_MESSAGES.success}</h2>
      <div className="form__row">
        <FollowCourseButton courseId={created?.courseId ?? null} />
        <Button variant="secondary" onClick={onCreateAnother}>
          Créer une autre course
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Fermer
        </Button>
      </div>
    </section>
  );
}
