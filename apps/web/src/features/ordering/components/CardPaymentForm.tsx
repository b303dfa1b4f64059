import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import {
  EXPIRY_MONTHS,
  expiryYears,
  formatCardNumber,
  isCardComplete,
  keepCvvDigits,
  type CardFields,
} from '../payment-rules';

const placeholder = (label: string) => ({ value: '', label });

/** Spec §5 "Card payment": number grouped by 4, CVV ≤ 4 digits, month 01–12, year among the next 10. */
export function CardPaymentForm({ pending, onSubmit }: { pending: boolean; onSubmit: (card: CardFields) => void }) {
  const [card, setCard] = useState<CardFields>({ number: '', cvv: '', month: '', year: '' });
  const complete = isCardComplete(card);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (complete) onSubmit(card);
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Input
        label="Numéro de carte"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={19}
        value={card.number}
        onChange={(event) => setCard({ ...card, number: formatCardNumber(event.target.value) })}
      />
      <div className="form__row">
        <Select
          label="Mois"
          autoComplete="cc-exp-month"
          value={card.month}
          onChange={(event) => setCard({ ...card, month: event.target.value })}
          options={[placeholder('MM'), ...EXPIRY_MONTHS.map((month) => ({ value: month, label: month }))]}
        />
        <Select
          label="Année"
          autoComplete="cc-exp-year"
          value={card.year}
          onChange={(event) => setCard({ ...card, year: event.target.value })}
          options={[placeholder('AAAA'), ...expiryYears().map((year) => ({ value: year, label: year }))]}
        />
        <Input
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvv}
          onChange={(event) => setCard({ ...card, cvv: keepCvvDigits(event.target.value) })}
        />
      </div>
      <Button type="submit" disabled={pending || !complete}>
        {pending ? 'Paiement…' : 'Payer par carte'}
      </Button>
    </form>
  );
}
