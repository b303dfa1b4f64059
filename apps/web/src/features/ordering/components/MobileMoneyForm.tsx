import type { PaymentMethodItem } from '@coursa/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { mobileMoneyPhoneProblem } from '../payment-rules';

interface MobileMoneyFormProps {
  method: PaymentMethodItem;
  defaultPhone: string;
  pending: boolean;
  onSubmit: (phone: string) => void;
}

export function MobileMoneyForm({ method, defaultPhone, pending, onSubmit }: MobileMoneyFormProps) {
  const [phone, setPhone] = useState(defaultPhone);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = mobileMoneyPhoneProblem(phone, method);
    setProblem(found);
    if (!found) onSubmit(phone.trim());
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      {problem && <Alert tone="error">{problem}</Alert>}
      <PhoneInput label={`Numéro ${method.name}`} value={phone} onChange={(event) => setPhone(event.target.value)} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Redirection…' : `Payer avec ${method.name}`}
      </Button>
    </form>
  );
}
