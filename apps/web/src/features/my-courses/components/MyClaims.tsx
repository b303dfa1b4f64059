import type { DisputeDto } from '@coursa/contracts';
import { LoadMore } from '@/components/ui/LoadMore';
import { Loader } from '@/components/ui/Loader';
import { formatDate } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { myCoursesQueries } from '../api/my-courses-api';

const claimsOf = (claims: DisputeDto[]) => claims;

/** « Mes réclamations »: the client's claims and where each stands, with staff's answer once they gave one. */
export function MyClaims() {
  const claims = usePagedList(myCoursesQueries.claims(), claimsOf);
  return (
    <section className="stack" aria-labelledby="my-claims-title">
      <h2 className="page-title" id="my-claims-title">
        Mes réclamations
      </h2>
      {claims.isPending && <Loader />}
      {claims.isError && <p className="muted">Impossible de charger vos réclamations pour le moment.</p>}
      {claims.items?.length === 0 && <p className="muted">Aucune réclamation.</p>}
      {claims.items && claims.items.length > 0 && (
        <ul className="stack case-list">
          {claims.items.map((claim) => (
            <li key={claim.id} className="card stack">
              <div className="card__header">
                <h3 className="card__title">{claim.dispute_type_label}</h3>
                <span className={`case-status case-status--${claim.status}`}>{claim.status_label}</span>
              </div>
              <p>{claim.reason}</p>
              {claim.description && <p className="muted">{claim.description}</p>}
              <p className="muted">
                Course {claim.course_number} · ouverte le {formatDate(claim.created_at)}
                {claim.resolved_at && ` · clôturée le ${formatDate(claim.resolved_at)}`}
              </p>
              {claim.staff_note && <p>Réponse de Coursa : {claim.staff_note}</p>}
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={claims} />
    </section>
  );
}
