import { DELIVERY_MESSAGES } from '@coursa/domain';
import { Button } from '@/components/ui/Button';

interface DeliveredCardProps {
  /** The course's number (CRS-000123); null when the screen did not know it. */
  number: string | null;
  /** How many courses are still under way after this one. */
  remaining: number;
  /** Leaves the card: the next course under way, or the courses on offer when none is left. */
  onNext: () => void;
}

/**
 * After a handover (the recipient's code accepted, issue 38): the course says it is delivered before the navigation
 * moves on, and the courier chooses when to go to the next course.
 */
export function DeliveredCard({ number, remaining, onNext }: DeliveredCardProps) {
  return (
    <section className="card stack delivered-card" role="status" aria-labelledby="delivered-card-title">
      <h2 className="page-title" id="delivered-card-title">
        <span aria-hidden="true">✅ </span>
        {number ? `Course ${number} livrée` : 'Course livrée'}
      </h2>
      <p>{DELIVERY_MESSAGES.otpDelivered}</p>
      <Button onClick={onNext}>{remaining > 0 ? 'Course suivante' : 'Voir les courses disponibles'}</Button>
    </section>
  );
}
