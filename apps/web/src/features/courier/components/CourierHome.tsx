import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useFreshCurrentUser } from '@/features/auth';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useOpenTab } from '@/lib/tabs';
import { errorMessage } from '@/lib/api-client';
import { useIsAvailable, useToggleAvailability } from '../stores/availability';

/** Courier home (spec §2): banner with counters and the availability toggle, then the sections. */
export function CourierHome() {
  const openTab = useOpenTab();
  const user = useFreshCurrentUser();
  const available = useIsAvailable();
  const toggle = useToggleAvailability();
  const error = toggle.error && errorMessage(toggle.error, 'Une erreur est survenue');
  useDepositReturn();

  return (
    <div className="stack">
      <section className="card courier-banner">
        <h2 className="page-title">Bonjour {user.full_name}</h2>
        <dl className="courier-banner__stats">
          <div>
            <dt>Courses terminées</dt>
            <dd>{user.total_courses}</dd>
          </div>
          <div>
            <dt>Note moyenne</dt>
            <dd>{user.rating === null ? '—' : `${user.rating.toFixed(1)} / 5`}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{user.role === 'salaried_delivery' ? 'Salarié' : 'Indépendant'}</dd>
          </div>
        </dl>
        <Button
          variant={available ? 'secondary' : 'primary'}
          aria-pressed={available}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {available ? 'Disponible — passer indisponible' : 'Indisponible — passer disponible'}
        </Button>
        {error && <Alert tone="error">{error}</Alert>}
      </section>
      {!available && (
        <Alert tone="info">Vous êtes indisponible : vous ne recevez pas de nouvelles courses.</Alert>
      )}
      <div className="courier-cards">
        <button
          type="button"
          className={available ? 'card courier-card' : 'card courier-card courier-card--disabled'}
          disabled={!available}
          onClick={() => openTab('available-courses')}
        >
          <strong className="card__title">Courses disponibles</strong>
          <span className="muted">
            {available ? 'Consultez et acceptez les courses en attente.' : 'Passez disponible pour voir les courses.'}
          </span>
        </button>
        <button type="button" className="card courier-card" onClick={() => openTab('navigation')}>
          <strong className="card__title">Navigation</strong>
          <span className="muted">Itinéraire et livraison de vos courses en cours.</span>
        </button>
        <button type="button" className="card courier-card" onClick={() => openTab('earnings')}>
          <strong className="card__title">Mes gains</strong>
          <span className="muted">Solde, espèces à déposer, commissions et paiements.</span>
        </button>
      </div>
    </div>
  );
}

/**
 * The provider's page sends the courier back to `/?paiement=<order_id>`; a cash deposit's order (DEPOT_…) reopens
 * « Mes gains », where the deposit is followed until it is credited.
 */
function useDepositReturn() {
  const openTab = useOpenTab();
  const [searchParams, setSearchParams] = useSearchParams();
  const returningDeposit = searchParams.get('paiement')?.startsWith('DEPOT_') ?? false;
  useEffect(() => {
    if (!returningDeposit) return;
    setSearchParams({}, { replace: true });
    openTab('earnings');
  }, [returningDeposit, setSearchParams, openTab]);
}
