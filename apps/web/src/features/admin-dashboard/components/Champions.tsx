import type { AnalyticsDto } from '@coursa/contracts';
import { formatGnf } from '@coursa/domain';
import { formatNumber } from '@/lib/format';

const MEDALS = ['🥇', '🥈', '🥉', '🏅'];

/** The top couriers of the last 30 days, by completed deliveries. */
export function Champions({ champions, loaded }: { champions: AnalyticsDto['top_delivery_personnel']; loaded: boolean }) {
  return (
    <section className="card" aria-labelledby="champions-title">
      <h3 id="champions-title" className="card__title">
        Champions du mois
      </h3>
      {!champions.length ? (
        <p className="muted">{loaded ? 'Aucune livraison sur les 30 derniers jours.' : '—'}</p>
      ) : (
        <ol className="champions">
          {champions.map((champion, index) => (
            <li key={`${index}-${champion.name}`} className="champions__item">
              <span aria-hidden="true">{MEDALS[index]}</span>
              <strong>{champion.name}</strong>
              <span className="muted">
                {formatNumber(champion.completed_deliveries)} livraisons · {formatGnf(champion.total_revenue)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
