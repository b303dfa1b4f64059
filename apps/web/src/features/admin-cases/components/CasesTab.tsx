import { CASE_STATUS_LABELS, CASE_STATUSES, type CaseStatus } from '@coursa/domain';
import type { UpdateCaseRequest } from '@coursa/contracts';
import { useState } from 'react';
import { CourseRouteToggle } from '@/components/map/CourseRoute';
import { Alert } from '@/components/ui/Alert';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { Select } from '@/components/ui/Select';
import { StoredPhotoToggle } from '@/components/ui/StoredPhoto';
import { formatDate, formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { casesApi, casesQueries } from '../api/cases-api';
import { IncidentPlace } from './IncidentPlace';
import { CaseFollowUp } from './CaseFollowUp';

type Kind = 'disputes' | 'support';
const KINDS: readonly { value: Kind; label: string }[] = [
  { value: 'disputes', label: 'Réclamations clients' },
  { value: 'support', label: 'Support livreurs' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] })),
];

export const CASES_LOAD_ERROR = 'Erreur lors du chargement des réclamations';

/**
 * Staff tab "Réclamations": clients' claims and couriers' support requests, each followed to resolution; a claim shows
 * its course's route on demand.
 */
export function CasesTab() {
  const [kind, setKind] = useState<Kind>('disputes');
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [saved, setSaved] = useState<string | null>(null);
  // The claim whose course's route is shown (issue 25: kept after the raw positions go), one at a time.
  const [routeOf, setRouteOf] = useState<string | null>(null);
  // A case moved: every filtered list of its kind may hold it.
  const disputeUpdate = useChange(({ id, body }: { id: string; body: UpdateCaseRequest }) => casesApi.updateDispute(id, body), () => [casesQueries.allDisputes]);
  const requestUpdate = useChange(
    ({ id, body }: { id: string; body: UpdateCaseRequest }) => casesApi.updateSupportRequest(id, body),
    () => [casesQueries.allSupportRequests],
  );
  // Only the kind shown loads; each keeps its last list on screen while another filter loads.
  const disputesList = usePagedList(casesQueries.disputes(status || undefined), (disputes) => disputes, {
    enabled: kind === 'disputes',
    keepPrevious: true,
  });
  const requestsList = usePagedList(casesQueries.supportRequests(status || undefined), (requests) => requests, {
    enabled: kind === 'support',
    keepPrevious: true,
  });
  const shown = kind === 'disputes' ? disputesList : requestsList;
  const failed = shown.isError;
  const list = shown.items;
  const disputes = disputesList.items;
  const requests = requestsList.items;
  return (
    <div className="stack">
      <h2 className="page-title">Réclamations</h2>
      <SegmentedControl label="Type de dossier" options={KINDS} value={kind} onChange={setKind} />
      <Select
        label="Statut"
        options={STATUS_OPTIONS}
        value={status}
        onChange={(event) => setStatus(event.target.value as CaseStatus | '')}
      />
      {failed && <Alert tone="error">{CASES_LOAD_ERROR}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      {!failed && !list && <Loader />}
      {list && list.length === 0 && <p className="empty-state">Aucun dossier</p>}
      {kind === 'disputes' && disputes && (
        <ul className="stack case-list">
          {disputes.map((dispute) => (
            <li key={dispute.id} className="card stack">
              <CaseHeader title={dispute.dispute_type_label} status={dispute.status} label={dispute.status_label} />
              <p>
                <strong>{dispute.reason}</strong>
              </p>
              {dispute.description && <p>{dispute.description}</p>}
              <p className="muted">
                {dispute.client_name} · {formatPhone(dispute.client_phone)}
                {dispute.course_number && ` · Course ${dispute.course_number}`} · {formatDate(dispute.created_at)}
              </p>
              <Handled by={dispute.handled_by_name} resolvedAt={dispute.resolved_at} />
              {dispute.proof_photo_url && <StoredPhotoToggle url={dispute.proof_photo_url} label="photo de remise" alt="Photo du colis remis à la porte" />}
              {dispute.course_id && (
                <CourseRouteToggle courseId={dispute.course_id} shown={routeOf === dispute.id} onToggle={() => setRouteOf(routeOf === dispute.id ? null : dispute.id)} />
              )}
              <CaseFollowUp
                key={dispute.updated_at}
                status={dispute.status}
                note={dispute.staff_note}
                onSave={async (next, note) => setSaved((await disputeUpdate.mutateAsync({ id: dispute.id, body: { status: next, note: note || null } })).message)}
              />
            </li>
          ))}
        </ul>
      )}
      {kind === 'support' && requests && (
        <ul className="stack case-list">
          {requests.map((request) => (
            <li key={request.id} className="card stack">
              <CaseHeader title={request.courier_name} status={request.status} label={request.status_label} />
              <p>{request.issue}</p>
              <IncidentPlace request={request} />
              <p className="muted">
                {formatPhone(request.courier_phone)}
                {request.course_number && ` · Course ${request.course_number}`} · {formatDate(request.created_at)}
              </p>
              <Handled by={request.handled_by_name} resolvedAt={request.resolved_at} />
              <CaseFollowUp
                key={request.updated_at}
                status={request.status}
                note={request.staff_note}
                onSave={async (next, note) => setSaved((await requestUpdate.mutateAsync({ id: request.id, body: { status: next, note: note || null } })).message)}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={shown} />
    </div>
  );
}

function CaseHeader({ title, status, label }: { title: string; status: CaseStatus; label: string }) {
  return (
    <div className="card__header">
      <h3 className="card__title">{title}</h3>
      <span className={`case-status case-status--${status}`}>{label}</span>
    </div>
  );
}

function Handled({ by, resolvedAt }: { by: string | null; resolvedAt: string | null }) {
  if (!by) return null;
  return (
    <p className="muted">
      Suivi par {by}
      {resolvedAt && ` · clos le ${formatDate(resolvedAt)}`}
    </p>
  );
}
