import { HAND_BACK_REASON_LABELS, type HandBackReason } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { everyQueryOf, useChange } from '@/lib/query-client';
import { courierApi } from '../api/courier-api';
import { ReasonForm } from './ReasonForm';

export const HAND_BACK_TEXTS = {
  button: 'Rendre la course',
  title: 'Pourquoi rendez-vous la course ?',
  failed: "La course n'a pas pu être rendue : vérifiez le réseau et réessayez.",
} as const;

/**
 * Issue 38: before collecting the parcel, the courier hands the course back with a reason (« Expéditeur absent »…);
 * it waits for another courier, and leaves his screen. Sent at once, not queued: without network it says so.
 */
export function HandBackButton({ courseId }: { courseId: string }) {
  const [open, setOpen] = useState(false);
  const handBack = useChange(
    ({ reason, note }: { reason: HandBackReason; note: string }) => courierApi.handBack(courseId, reason, note),
    () => [everyQueryOf('GET /api/delivery/history'), everyQueryOf('GET /api/delivery/available-courses')],
    { evenWhenRefused: true },
  );
  if (handBack.isSuccess) return <Alert tone="success">{handBack.data.message}</Alert>;
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {HAND_BACK_TEXTS.button}
      </Button>
    );
  }
  return (
    <ReasonForm
      title={HAND_BACK_TEXTS.title}
      choices={HAND_BACK_REASON_LABELS}
      busy={handBack.isPending}
      problem={handBack.isError ? errorMessage(handBack.error, HAND_BACK_TEXTS.failed) : null}
      onSubmit={(reason, note) => handBack.mutate({ reason, note })}
      onClose={() => setOpen(false)}
    />
  );
}
