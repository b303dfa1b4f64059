import { accountTypeLabel, deliveriesToFreeRide, isStaff, loyaltyProgressPercent } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useFreshCurrentUser } from '@/features/auth';
import { routeQuery } from '@/lib/query-client';
import { formatDate, formatNumber, formatPhone } from '@/lib/format';
import { SavedPlacesManager } from '@/features/saved-places';
import { PushSection } from './PushSection';
import { SecuritySection } from './SecuritySection';
import { DetailRow } from '@/components/ui/DetailRow';
import { ProgressBar } from '@/components/ui/ProgressBar';

/**
 * "Mon Profil" (spec §2), shared by clients, couriers and staff (issue 38: their password change); the loyalty block is
 * for clients only, push (courses and deliveries) for clients and couriers.
 */
export function ProfileTab() {
  const user = useFreshCurrentUser();
  return (
    <div className="stack">
      <h2 className="page-title">Mon Profil</h2>
      <section className="card">
        <dl className="details">
          <DetailRow label="Nom complet" value={user.full_name} />
          <DetailRow label="Téléphone" value={formatPhone(user.phone)} />
          <DetailRow label="Email" value={user.email || 'Non renseigné'} />
          <DetailRow label="Type de compte" value={accountTypeLabel(user.role)} />
          <DetailRow label="Membre depuis" value={formatDate(user.created_at)} />
        </dl>
      </section>
      {user.role === 'client' && <LoyaltyCard points={user.loyalty_points} />}
      {user.role === 'client' && <SavedPlacesManager />}
      {!isStaff(user.role) && <PushSection />}
      <SecuritySection />
    </div>
  );
}


/**
 * Spec §9: 10 points per completed delivery, a free ride every 10 deliveries; the progress counts the deliveries the
 * server counted (a referral's bonus points are not deliveries, issue 38).
 */
function LoyaltyCard({ points }: { points: number }) {
  const { data: profile } = useQuery(routeQuery('GET /api/loyalty/profile'));
  const deliveries = profile?.completed_courses ?? 0;
  const progress = loyaltyProgressPercent(deliveries);
  const toFreeRide = deliveriesToFreeRide(deliveries);
  return (
    <section className="card stack loyalty" aria-labelledby="loyalty-title">
      <h2 className="card__title" id="loyalty-title">
        Points de fidélité
      </h2>
      <p className="loyalty__points">
        {formatNumber(points)} <span>points</span>
      </p>
      <ProgressBar label="Progression vers la prochaine course gratuite" percent={progress} />
      <p className="muted">
        Encore {toFreeRide} {toFreeRide > 1 ? 'livraisons' : 'livraison'} avant votre prochaine
        course gratuite
      </p>
    </section>
  );
}
