import { PROOF_MESSAGES } from '@coursa/domain';
import { useEffect, useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { PhotoField } from '@/components/ui/PhotoField';
import { errorMessage } from '@/lib/api-client';
import { photoProblem } from '@/lib/photo-check';
import { latestAnswer, runCourierAction, useCourierSync } from '../offline/courier-sync';

/** Said while the photo waits on the phone for the network. */
export const PROOF_WAITING_FOR_NETWORK = 'Photo gardée sur le téléphone : envoi dès le retour du réseau.';
/** The field's label; « (obligatoire) » when the server requires the photo for this course. */
export const proofPhotoLabel = (required: boolean) => `Photo du colis à la porte (${required ? 'obligatoire' : 'facultatif'})`;

interface ProofPhotoStepProps {
  courseId: string;
  /** The server's configuration requires it before the code (NavigationDto.proof_photo_required). */
  required: boolean;
  /** The server already keeps one for this course. */
  taken: boolean;
}

/**
 * The photo of the parcel at the door, beside the delivery code (issue 37). It goes through the courier's outbox like
 * the code: taken offline, the photo itself waits in IndexedDB and is sent first when the network returns, so the code
 * entered after it finds it on the server. The courier sees it from the phone (the server shows it to the client and
 * staff only).
 */
export function ProofPhotoStep({ courseId, required, taken }: ProofPhotoStepProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = useCourierSync((state) => state.pending.some(({ action }) => action.courseId === courseId && action.kind === 'proof-photo'));
  const answer = useCourierSync((state) => latestAnswer(state.answers, courseId, 'proof-photo'));
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function take(event: ChangeEvent<HTMLInputElement>) {
    const photo = event.target.files?.[0];
    event.target.value = '';
    if (!photo) return;
    const refused = photoProblem(photo);
    setProblem(refused);
    if (refused) return;
    setPreview(URL.createObjectURL(photo));
    try {
      await runCourierAction({ kind: 'proof-photo', courseId, photo });
    } catch (error) {
      console.error(error);
    }
  }

  const kept = answer ? answer.ok : taken;
  return (
    <div className="stack proof-photo">
      <PhotoField
        label={proofPhotoLabel(required)}
        capture="environment"
        uploaded={kept && !waiting}
        uploading={false}
        uploadedHint={`✓ ${PROOF_MESSAGES.saved}`}
        onChange={(event) => void take(event)}
      />
      {preview && <img className="stored-photo" src={preview} alt="Photo de la remise prise sur ce téléphone" />}
      {waiting && <Alert tone="info">{PROOF_WAITING_FOR_NETWORK}</Alert>}
      {problem && <Alert tone="error">{problem}</Alert>}
      {answer && !answer.ok && <Alert tone="error">{errorMessage(answer.error, "La photo n'a pas été acceptée.")}</Alert>}
    </div>
  );
}
