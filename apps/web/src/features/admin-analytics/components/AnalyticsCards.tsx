import type { AnalyticsDto } from '@coursa/contracts';
import { growthPercent } from '@coursa/domain';
import { showGnf, showMinutes, showNumber, showPercent } from './figures';

interface CardProps {
  analytics: AnalyticsDto | null;
}

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="figure">
      <span className="figure__label">{label}</span>
      <strong className="figure__value">{value}</strong>
      {hint && <span className="figure__hint muted">{hint}</span>}
    </div>
  );
}

/** Revenue, commissions (spec §9: the commission percentage, the net margin is the remainder), average order. */
export function FinancialCard({ analytics }: CardProps) {
  const commission = analytics?.commission_percentage;
  return (
    <section className="card" aria-labelledby="financial-title">
      <h3 id="financial-title" className="card__title">
        Performance financière
      </h3>
      <div className="figures">
        <Figure
          label="Chiffre d'affaires"
          value={showGnf(analytics?.total_revenue)}
          hint={analytics ? `${showPercent(growthPercent(analytics.total_revenue, analytics.previous_revenue))} vs période précédente` : undefined}
        />
        <Figure label="Commissions livreurs" value={showGnf(analytics?.total_commissions)} hint={commission === undefined ? undefined : `${commission} %`} />
        <Figure label="Marge nette" value={commission === undefined ? '—' : `${100 - commission} %`} />
        <Figure label="Panier moyen" value={showGnf(analytics?.average_order_value)} />
      </div>
    </section>
  );
}

/** Deliverers online, orders in transit, average time, satisfaction: real figures or a dash. */
export function LiveActivityCard({ analytics, onlineDeliverers, inTransit }: CardProps & { onlineDeliverers?: number; inTransit?: number }) {
  return (
    <section className="card" aria-labelledby="live-activity-title">
      <h3 id="live-activity-title" className="card__title">
        Activité en temps réel
      </h3>
      <div className="figures">
        <Figure label="Livreurs en ligne" value={showNumber(onlineDeliverers ?? analytics?.online_deliverers)} />
        <Figure label="Commandes en cours" value={showNumber(inTransit ?? analytics?.delivery_metrics.in_progress)} />
        <Figure label="Temps moyen" value={showMinutes(analytics?.average_delivery_time)} />
        <Figure
          label="Satisfaction"
          value={analytics && analytics.total_ratings > 0 ? `${showNumber(analytics.customer_satisfaction)}/5` : '—'}
        />
      </div>
    </section>
  );
}
