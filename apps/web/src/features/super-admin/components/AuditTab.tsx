import { auditActionLabel, type AuditLogsResponse, type AuditStatsDto } from '@coursa/contracts';
import { accountTypeLabel } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { Select } from '@/components/ui/Select';
import { formatDate, formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { superAdminQueries, type AuditFilters } from '../api/super-admin-api';
import { AUDIT_ACTION_FILTERS, AUDIT_LOAD_ERROR, AUDIT_RESOURCE_LABELS, withAll } from './audit-labels';

const ACTION_OPTIONS = withAll(AUDIT_ACTION_FILTERS, 'Toutes les actions');
const RESOURCE_OPTIONS = withAll(AUDIT_RESOURCE_LABELS, 'Toutes les ressources');

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

const logsOf = (page: AuditLogsResponse) => page.logs;

/**
 * Spec §2 "Audit dashboard" (super administrator): statistics of 30 days, filters, and the entries, newest first, 50
 * at a time (« Voir plus » reads the next 50 under the same filters).
 */
export function AuditTab() {
  const [filters, setFilters] = useState<AuditFilters>({ action: '', resource_type: '' });
  // The statistics stay on screen while other filters load; the entries give way to the loader.
  const entries = usePagedList(superAdminQueries.auditLogs(filters), logsOf);
  const { data: stats, isError: statsFailed } = useQuery(superAdminQueries.auditStats());
  const failed = entries.isError || statsFailed;
  const logs = entries.items;

  return (
    <div className="stack">
      <h2 className="page-title">Audit</h2>
      {failed && <Alert tone="error">{AUDIT_LOAD_ERROR}</Alert>}
      {stats && <AuditStats stats={stats} />}
      <section className="card form__row audit-filters">
        <Select
          label="Action"
          options={ACTION_OPTIONS}
          value={filters.action}
          onChange={(event) => setFilters({ ...filters, action: event.target.value })}
        />
        <Select
          label="Ressource"
          options={RESOURCE_OPTIONS}
          value={filters.resource_type}
          onChange={(event) => setFilters({ ...filters, resource_type: event.target.value })}
        />
      </section>
      {!failed && !logs && <Loader />}
      {logs && logs.length === 0 && <p className="empty-state">Aucune entrée</p>}
      {logs && logs.length > 0 && (
        <ul className="audit-log" aria-label="Journal d'audit">
          {logs.map((log) => (
            <li key={log.id} className={`audit-log__entry${log.success ? '' : ' audit-log__entry--failed'}`}>
              <div className="audit-log__head">
                <strong>{auditActionLabel(log.action)}</strong>
                <span className="muted">
                  {formatDate(log.timestamp)} {timeFormat.format(new Date(log.timestamp))}
                </span>
              </div>
              <p>
                {log.user_name ?? 'Anonyme'}
                {log.user_role && ` (${accountTypeLabel(log.user_role)})`} · {AUDIT_RESOURCE_LABELS[log.resource_type] ?? log.resource_type}
                {log.resource_id && ` ${log.resource_id.slice(-8)}`}
              </p>
              <p className="muted">
                {log.success ? 'Réussi' : 'Échec'}
                {log.ip && ` · IP ${log.ip}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={entries} />
    </div>
  );
}

function AuditStats({ stats }: { stats: AuditStatsDto }) {
  return (
    <section className="card stack" aria-labelledby="audit-stats-title">
      <h3 className="card__title" id="audit-stats-title">
        Statistiques (30 jours)
      </h3>
      <div className="money-summary">
        <div className="money-summary__figure">
          <span className="muted">Actions totales</span>
          <strong>{formatNumber(stats.total_actions)}</strong>
        </div>
        <div className="money-summary__figure">
          <span className="muted">Actions par jour</span>
          <strong>{formatNumber(stats.actions_per_day)}</strong>
        </div>
      </div>
      <h4>Utilisateurs les plus actifs</h4>
      {stats.most_active_users.length === 0 ? (
        <p className="muted">Aucune activité</p>
      ) : (
        <ol className="leaderboard">
          {stats.most_active_users.map((user) => (
            <li key={`${user.user_name}-${user.user_role}`} className="leaderboard__entry">
              <span>
                {user.user_name} <span className="muted">({accountTypeLabel(user.user_role)})</span>
              </span>
              <strong>
                {formatNumber(user.actions)} {user.actions > 1 ? 'actions' : 'action'}
              </strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
