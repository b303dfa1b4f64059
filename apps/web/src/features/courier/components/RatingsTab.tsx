import { useQuery } from '@tanstack/react-query';
import { Loader } from '@/components/ui/Loader';
import { formatDate } from '@/lib/format';
import { courierQueries } from '../api/courier-api';

/** "Mes évaluations" (spec §2): average, total, distribution 5→1, the 10 latest comments. */
export function RatingsTab() {
  const { data: ratings } = useQuery(courierQueries.ratings());

  if (!ratings) return <Loader />;
  return (
    <div className="stack">
      <h2 className="page-title">Mes évaluations</h2>
      <section className="card ratings__summary">
        <p className="ratings__average">{ratings.average === null ? '—' : ratings.average.toFixed(2)} ★</p>
        <p className="muted">
          {ratings.total} évaluation{ratings.total > 1 ? 's' : ''}
        </p>
        <ul className="ratings__bands">
          {ratings.distribution.map((band) => (
            <li key={band.rating} className="ratings__band">
              <span>{band.rating} ★</span>
              <span className="progress" aria-label={`${band.rating} étoiles : ${band.percentage} %`}>
                <span className="progress__bar" style={{ width: `${band.percentage}%` }} />
              </span>
              <span className="muted">{band.percentage} %</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h3 className="card__title">Derniers commentaires</h3>
        {ratings.latest.length === 0 && <p className="muted">Aucune évaluation pour le moment.</p>}
        {ratings.latest.map((rating) => (
          <article key={rating.course_id} className="ratings__comment">
            <strong>
              {'★'.repeat(rating.rating)} {rating.client_name}
            </strong>
            {rating.comment && <p>{rating.comment}</p>}
            <p className="muted">{formatDate(rating.course_date)}</p>
          </article>
        ))}
      </section>
    </div>
  );
}
