import { INCIDENT_KIND_LABELS, type IncidentKind } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { courierApi } from '../api/courier-api';
import { ReasonForm } from './ReasonForm';

export const INCIDENT_TEXTS = {
  button: 'Signaler un incident',
  title: "Quel est l'incident ?",
  failed: "L'incident n'a pas pu être envoyé : vérifiez le réseau et réessayez, ou appelez le support.",
} as const;

/**
 * Issue 38: once the parcel is collected, the courier reports an incident (« Destinataire absent », « Colis refusé »,
 * « Accident », « Autre »): a case for staff, with his last position the server knows and the time.
 */
export function IncidentButton({ courseId }: { courseId: string }) {
  const [open, setOpen] = useState(false);
  const report = useChange(({ kind, note }: { kind: IncidentKind; note: string }) => courierApi.reportIncident(courseId, kind, note), () => []);
  if (report.isSuccess && !open) return <Alert tone="success">{report.data.message}</Alert>;
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {INCIDENT_TEXTS.button}
      </Button>
    );
  }
  return (
    <ReasonForm
      title={INCIDENT_TEXTS.title}
      choices={INCIDENT_KIND_LABELS}
      busy={report.isPending}
      problem={report.isError ? errorMessage(report.error, INCIDENT_TEXTS.failed) : null}
      onSubmit={(kind, note) => report.mutate({ kind, note }, { onSuccess: () => setOpen(false) })}
      onClose={() => setOpen(false)}
    />
  );
}
