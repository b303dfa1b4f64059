import { DELIVERY_MESSAGES, isCompleteCode, keepCodeDigits } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { courierApi } from '../api/courier-api';

interface OtpBlockProps {
  courseId: string;
  /** After a successful delivery: reload the course list. */
  onDelivered: () => void;
  /** The support prompt; window.prompt by default. */
  askIssue?: () => string | null;
}

type Notice = { tone: 'error' | 'success' | 'info'; text: string };

/** The delivery code step (spec §2, §5, §8): the recipient's 6 digits end the delivery. */
export function OtpBlock({ courseId, onDelivered, askIssue = () => window.prompt('Décrivez le problème :') }: OtpBlockProps) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function act(action: () => Promise<unknown>, success: Notice, failure: Notice | null, after?: () => void) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice(success);
      after?.();
    } catch (error) {
      console.error(error);
      if (failure) setNotice(failure);
    } finally {
      setBusy(false);
    }
  }

  const validate = () =>
    act(
      () => courierApi.verifyOtp(courseId, code),
      { tone: 'success', text: DELIVERY_MESSAGES.otpDelivered },
      { tone: 'error', text: DELIVERY_MESSAGES.otpWrong },
      () => {
        setCode('');
        onDelivered();
      },
    );

  const support = () => {
    const issue = askIssue()?.trim();
    if (!issue) return;
    void act(() => courierApi.contactSupport(courseId, issue), { tone: 'success', text: DELIVERY_MESSAGES.supportRecorded }, null);
  };

  return (
    <section className="card otp">
      <h3 className="card__title">Code de livraison</h3>
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
        <Button type="submit" disabled={!isCompleteCode(code) || busy}>
          Valider la livraison
        </Button>
      </form>
      <div className="button-row">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void act(() => courierApi.regenerateOtp(courseId), { tone: 'info', text: DELIVERY_MESSAGES.otpRegenerated }, null)}
        >
          Nouveau Code
        </Button>
        <Button variant="secondary" disabled={busy} onClick={support}>
          Support
        </Button>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <p className="otp__warning">Si le code est incorrect, ne remettez pas le colis et contactez le support.</p>
    </section>
  );
}
