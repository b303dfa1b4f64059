import { DELIVERY_MESSAGES, isCompleteCode, keepCodeDigits, OTP_MAX_ATTEMPTS } from '@coursa/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { courierApi } from '../api/courier-api';
import type { OfflineAction, SentAction } from '../offline/courier-outbox';
import { latestAnswer, runCourierAction, useCourierSync } from '../offline/courier-sync';
import { ProofPhotoStep } from './ProofPhotoStep';
import { formatWait } from '../format';

interface OtpBlockProps {
  courseId: string;
  /** The proof photo at the door (issue 37): required by the server for this course, already kept there. */
  proof?: { required: boolean; taken: boolean };
  /** The navigation says the code is dead already (too many wrong codes before this screen opened). */
  lockedAtStart?: boolean;
  /** The support prompt; window.prompt by default. */
  askIssue?: () => string | null;
}

type Notice = { tone: 'error' | 'success' | 'info'; text: string };

/** Said while a code or a support request waits on the phone for the network. */
export const OTP_WAITING_FOR_NETWORK = 'En attente de réseau : envoi dès le retour du réseau.';

/**
 * The code is dead (issue 38): the wrong code that uses the last of OTP_MAX_ATTEMPTS tries, and every code after it,
 * even the right one, is answered OTP_LOCKED until a new code is sent; the courier is told so, and what to do, not
 * « Code OTP incorrect ». The server owns the count: this screen only shows its answer (or the navigation's
 * `otp_locked` after a reload).
 */
export const OTP_LOCKED_MESSAGES = {
  title: 'Code bloqué : appelez le support',
  help: `${OTP_MAX_ATTEMPTS} codes erronés : ce code n'est plus valable. Ne remettez pas le colis. Appuyez sur « Support » pour que notre équipe vous rappelle, ou envoyez un nouveau code au destinataire avec « Nouveau Code ».`,
} as const;

/** « Nouveau Code » refused for now (429): how long before it can be asked again, counting down. */
export const regenerateWaitText = (seconds: number) => `Nouveau code possible dans ${formatWait(seconds)}`;
const REGENERATE_FAILED = "Le nouveau code n'a pas pu être envoyé. Réessayez.";

const isOtpLocked = (error: unknown) => error instanceof ApiError && error.code === 'OTP_LOCKED';

/** A code refused because the photo the configuration requires is missing: the code itself was not even compared. */
const missingProof = (error: unknown): error is ApiError => error instanceof ApiError && error.code === 'PROOF_PHOTO_REQUIRED';

/**
 * What the server's answer to a code or a support request shows (a refused code: the spec's wrong-code message, but
 * for a missing proof photo, which says so).
 */
function noticeOf({ queued, ok, error }: SentAction): Notice | null {
  if (queued.action.kind === 'verify-otp') {
    if (ok) return { tone: 'success', text: DELIVERY_MESSAGES.otpDelivered };
    if (isOtpLocked(error)) return null;
    return { tone: 'error', text: missingProof(error) ? error.detail : DELIVERY_MESSAGES.otpWrong };
  }
  return ok ? { tone: 'success', text: DELIVERY_MESSAGES.supportRecorded } : null;
}

const ours = (courseId: string) => (action: OfflineAction) =>
  action.courseId === courseId && (action.kind === 'verify-otp' || action.kind === 'contact-support');

/**
 * The delivery code step (spec §2, §5, §8): the recipient's 6 digits end the delivery. A code or a support request
 * goes through the courier's outbox: made offline, it waits on the phone and is checked when it reaches the server,
 * whose answer shows then. A new code needs the network (the server texts it).
 */
export function OtpBlock({ courseId, proof = { required: false, taken: false }, lockedAtStart = false, askIssue = () => window.prompt('Décrivez le problème :') }: OtpBlockProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The code is dead: the navigation says so (after a reload), or the server just answered OTP_LOCKED.
  const [locked, setLocked] = useState(lockedAtStart);
  // « Nouveau Code » refused for now: when it may be asked again (epoch ms).
  const [regenerateAt, setRegenerateAt] = useState<number | null>(null);
  const waiting = useCourierSync((state) => state.pending.some(({ action }) => ours(courseId)(action)));
  const otpAnswer = useCourierSync((state) => latestAnswer(state.answers, courseId, 'verify-otp'));
  const supportAnswer = useCourierSync((state) => latestAnswer(state.answers, courseId, 'contact-support'));

  // An answer, given now or when the network came back, replaces what was shown.
  useEffect(() => {
    setNotice(otpAnswer ? noticeOf(otpAnswer) : null);
    if (otpAnswer && isOtpLocked(otpAnswer.error)) setLocked(true);
  }, [otpAnswer]);
  useEffect(() => {
    if (supportAnswer) setNotice(noticeOf(supportAnswer));
  }, [supportAnswer]);
  // A photo kept since: a code refused for want of it no longer stands.
  const proofAnswer = useCourierSync((state) => latestAnswer(state.answers, courseId, 'proof-photo'));
  useEffect(() => {
    if (proofAnswer?.ok) setNotice(null);
  }, [proofAnswer]);

  async function run(action: OfflineAction) {
    setBusy(true);
    setNotice(null);
    try {
      await runCourierAction(action);
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  }

  const validate = async () => {
    await run({ kind: 'verify-otp', courseId, otp: code });
    setCode('');
  };

  const support = () => {
    const issue = askIssue()?.trim();
    if (issue) void run({ kind: 'contact-support', courseId, issue });
  };

  const regenerate = async () => {
    setBusy(true);
    setNotice(null);
    try {
      await courierApi.regenerateOtp(courseId);
      // A new code lives: the count of wrong codes starts again.
      setLocked(false);
      setNotice({ tone: 'info', text: DELIVERY_MESSAGES.otpRegenerated });
    } catch (error) {
      console.error(error);
      // Too many new codes: the wait the server gave, counting down; any other refusal says why.
      if (error instanceof ApiError && error.status === 429 && error.retryAfterS !== null) setRegenerateAt(Date.now() + error.retryAfterS * 1000);
      else setNotice({ tone: 'error', text: errorMessage(error, REGENERATE_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card otp">
      <h3 className="card__title">Code de livraison</h3>
      <ProofPhotoStep courseId={courseId} required={proof.required} taken={proof.taken} />
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (isCompleteCode(code)) void validate();
        }}
      >
        <Input
          label="Code OTP du destinataire"
          className="input--code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(keepCodeDigits(event.target.value))}
        />
        <Button type="submit" disabled={!isCompleteCode(code) || busy || locked}>
          Valider la livraison
        </Button>
      </form>
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={busy || regenerateAt !== null}
          onClick={() => void regenerate()}
        >
          Nouveau Code
        </Button>
        <Button variant="secondary" disabled={busy} onClick={support}>
          Support
        </Button>
      </div>
      {regenerateAt !== null && <RegenerateWait until={regenerateAt} onOver={() => setRegenerateAt(null)} />}
      {locked && (
        <Alert tone="error">
          <strong className="otp__locked">{OTP_LOCKED_MESSAGES.title}</strong>
          <p>{OTP_LOCKED_MESSAGES.help}</p>
        </Alert>
      )}
      {waiting && <Alert tone="info">{OTP_WAITING_FOR_NETWORK}</Alert>}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <p className="otp__warning">Si le code est incorrect, ne remettez pas le colis et contactez le support.</p>
    </section>
  );
}

/** « Nouveau code possible dans 45 s », a second at a time, until the wait is over. */
function RegenerateWait({ until, onOver }: { until: number; onOver: () => void }) {
  const [now, setNow] = useState(Date.now);
  const left = Math.ceil((until - now) / 1000);
  const over = useRef(onOver);
  over.current = onOver;
  useEffect(() => {
    if (left <= 0) return over.current();
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [left, now]);
  if (left <= 0) return null;
  return <p className="otp__wait muted">{regenerateWaitText(left)}</p>;
}
