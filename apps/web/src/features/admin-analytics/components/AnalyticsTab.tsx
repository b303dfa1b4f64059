import type { AnalyticsDto } from '@coursa/contracts';
import { DEFAULT_ANALYTICS_PERIOD, TARGET_DELIVERY_MINUTES, TOP_LIST_SIZE, TREND_DAYS, type AnalyticsPeriod } from '@coursa/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { adminAnalyticsQueries, AUTO_REFRESH_MS } from '../api/admin-analytics-api';
import { Figure, FinancialCard, LiveActivityCard } from './AnalyticsCards';
import { BarList } from './BarList';
import { showGnf, showMinutes, showNumber, showPercent } from './figures';

const PERIODS: readonly { value: AnalyticsPeriod; label: string }[] = [
  { value: '24h', label: '24h' },
  { value: '7days', label: '7 jours' },
  { value: '30days', label: '30 jours' },
  { value: '90days', label: '90 jours' },
];

const dayLabel = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric' });

/** Spec §2 "Advanced analytics": every figure comes from the API; refreshed every 30 s. */
export function AnalyticsTab() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  // A failure is logged only (spec §8) and keeps the last figures, also those of the previous period until the new ones come.
  const { data, isFetching: loading, refetch } = useQuery({
    ...adminAnalyticsQueries.analytics(period),
    refetchInterval: AUTO_REFRESH_MS,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Statistiques avancées</h2>
        <Button variant="secondary" onClick={() => void refetch()} disabled={loading}>
          Actualiser
        </Button>
      </div>
      <SegmentedControl label="Période" options={PERIODS} value={period} onChange={setPeriod} />
      {!data && loading && <Loader />}
      {!data && !loading && <p className="muted">Statistiques indisponibles pour le moment.</p>}
      {data && <AnalyticsBody analytics={data} />}
    </div>
  );
}

function AnalyticsBody({ analytics }: { analytics: AnalyticsDto }) {
  return (
    <>
      {analytics.alerts.map((alert) => (
        <Alert key={alert.type} tone="error">
          {alert.message}
        </Alert>
      ))}
      <section className="figures figures--kpi" aria-label="Indicateurs clés">
        <Figure label="Chiffre d'affaires" value={showGnf(analytics.total_revenue)} hint={`Précédent : ${showGnf(analytics.previous_revenue)}`} />
        <Figure label="Courses" value={showNumber(analytics.total_courses)} hint={`Précédent : ${showNumber(analytics.previous_courses)}`} />
        <Figure label="Livreurs actifs" value={showNumber(analytics.active_deliverers)} />
        <Figure label="Satisfaction" value={`${showNumber(analytics.customer_satisfaction)}/5`} hint={`${showNumber(analytics.total_ratings)} avis`} />
      </section>
      <LiveActivityCard analytics={analytics} />
      <section className="card" aria-labelledby="delivery-metrics-title">
        <h3 id="delivery-metrics-title" className="card__title">
          Livraisons
        </h3>
        <div className="figures">
          <Figure label="En cours" value={showNumber(analytics.delivery_metrics.in_progress)} />
          <Figure label="En attente" value={showNumber(analytics.delivery_metrics.pending)} />
          <Figure label="Livrées aujourd'hui" value={showNumber(analytics.delivery_metrics.delivered_today)} />
        </div>
      </section>
      <FinancialCard analytics={analytics} />
      <section className="card" aria-labelledby="kpi-grid-title">
        <h3 id="kpi-grid-title" className="card__title">
          Indicateurs de performance
        </h3>
        <div className="figures">
          <Figure label="Taux de réussite" value={showPercent(analytics.success_rate)} hint={`${showNumber(analytics.successful_deliveries)} livrées`} />
          <Figure label="Taux d'annulation" value={showPercent(analytics.cancellation_rate)} hint={`${showNumber(analytics.cancelled_courses)} annulées`} />
          <Figure label="Clients fidèles" value={showPercent(analytics.repeat_customer_rate)} />
          <Figure label="Nouveaux clients" value={showNumber(analytics.new_clients)} />
          <Figure label="Heures de pointe" value={analytics.peak_hours} />
          <Figure
            label="Efficacité"
            value={showPercent(analytics.delivery_efficiency)}
            hint={`Livrées en ${TARGET_DELIVERY_MINUTES} min ou moins`}
          />
          <Figure label="Temps moyen" value={showMinutes(analytics.average_delivery_time)} hint={`Objectif : ${TARGET_DELIVERY_MINUTES} min`} />
        </div>
      </section>
      <section className="card" aria-labelledby="trends-title">
        <h3 id="trends-title" className="card__title">
          Tendances de la semaine
        </h3>
        <BarList
          label="Chiffre d'affaires par jour"
          items={analytics.weekly_trends.slice(-TREND_DAYS).map((day) => ({
            key: day.date,
            name: dayLabel.format(new Date(day.date)),
            value: day.revenue,
            text: `${showGnf(day.revenue)} · ${showNumber(day.orders)} cmd · ${day.growth > 0 ? '+' : ''}${showPercent(day.growth)}`,
          }))}
        />
      </section>
      <section className="card" aria-labelledby="top-deliverers-title">
        <h3 id="top-deliverers-title" className="card__title">
          Meilleurs livreurs
        </h3>
        <BarList
          label="Livraisons par livreur"
          items={analytics.top_deliverers.slice(0, TOP_LIST_SIZE).map((deliverer, index) => ({
            key: `${index}-${deliverer.name}`,
            name: deliverer.name,
            value: deliverer.deliveries,
            text: `${showNumber(deliverer.deliveries)} livraisons`,
          }))}
        />
      </section>
      <section className="card" aria-labelledby="top-zones-title">
        <h3 id="top-zones-title" className="card__title">
          Zones les plus actives
        </h3>
        <BarList
          label="Commandes par zone"
          items={analytics.top_zones.slice(0, TOP_LIST_SIZE).map((zone) => ({
            key: zone.name,
            name: zone.name,
            value: zone.orders,
            text: `${showNumber(zone.orders)} commandes`,
          }))}
        />
      </section>
    </>
  );
}
