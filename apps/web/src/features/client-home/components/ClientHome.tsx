import { COURSES_PER_FREE_DELIVERY, deliveriesToFreeRide } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { Loader } from '@/components/ui/Loader';
import { formatNumber } from '@/lib/format';
import { useOpenTab } from '@/lib/tabs';
import { loyaltyQueries } from '../api/loyalty-api';
import { LoyaltyCard, LoyaltyCardLoading } from './LoyaltyCard';

// Only a return from a payment page shows it: the ordering code (and its phone-number library) stays off the home.
const PaymentReturn = lazy(() => import('@/features/ordering').then((module) => ({ default: module.PaymentReturn })));

/** Courses completed from which the "almost a free course" banner shows (spec §2). */
const ALMOST_FREE_FROM = 8;
/** From the 8th course of each series of 10, at most 2 remain. */
const COURSES_BEFORE_BANNER = COURSES_PER_FREE_DELIVERY - ALMOST_FREE_FROM;

const SHORTCUTS = [
  { tab: 'create-course', title: 'Nouvelle course', icon: '📦', text: 'Commander une livraison' },
  { tab: 'my-courses', title: 'Mes courses', icon: '🧾', text: 'Historique, reçus et réclamations' },
  { tab: 'tracking', title: 'Suivi GPS', icon: '📍', text: 'Suivre un livreur en temps réel' },
] as const;

/** Spec §2 "Client home": welcome banner, loyalty card, shortcuts, and the return from a payment page. */
export function ClientHome() {
  const openTab = useOpenTab();
  const user = useCurrentUser();
  const { data: profile, isError: profileFailed } = useQuery(loyaltyQueries.profile());
  const [searchParams, setSearchParams] = useSearchParams();
  const returningOrder = searchParams.get('paiement');

  const points = profile?.points ?? user.loyalty_points;
  // Real deliveries, as the server counts them: a referral's bonus points are not courses (issue 38).
  const completed = profile?.completed_courses;
  const toFreeCourse = completed === undefined ? null : deliveriesToFreeRide(completed);
  const leavePaymentReturn = () => setSearchParams({}, { replace: true });

  return (
    <div className="stack client-home">
      {returningOrder && (
        <Suspense fallback={<Loader />}>
          <PaymentReturn
            orderId={returningOrder}
            onDone={leavePaymentReturn}
            onCreateAnother={() => {
              leavePaymentReturn();
              openTab('create-course');
            }}
          />
        </Suspense>
      )}
      <section className="welcome-banner">
        <h2 className="welcome-banner__title">Bienvenue, {user.full_name} !</h2>
        <div className="welcome-banner__figures">
          <p>
            <strong>{formatNumber(points)}</strong> points de fidélité
          </p>
          {completed !== undefined && (
            <p>
              <strong>{formatNumber(completed)}</strong> {completed > 1 ? 'courses effectuées' : 'course effectuée'}
            </p>
          )}
        </div>
      </section>
      {completed !== undefined && toFreeCourse !== null && completed >= ALMOST_FREE_FROM && toFreeCourse <= COURSES_BEFORE_BANNER && (
        <section className="almost-free" role="status">
          🎁 Presque une course gratuite ! Plus que {toFreeCourse} {toFreeCourse > 1 ? 'courses' : 'course'} pour
          atteindre {COURSES_PER_FREE_DELIVERY} courses.
        </section>
      )}
      {profile ? <LoyaltyCard profile={profile} /> : !profileFailed && <LoyaltyCardLoading />}
      <nav className="shortcuts" aria-label="Raccourcis">
        {SHORTCUTS.map((shortcut) => (
          <button key={shortcut.tab} type="button" className="card shortcut" onClick={() => openTab(shortcut.tab)}>
            <span className="shortcut__icon" aria-hidden="true">
              {shortcut.icon}
            </span>
            <strong>{shortcut.title}</strong>
            <span className="muted">{shortcut.text}</span>
          </button>
        ))}
      </nav>
    </div>
  );
}
