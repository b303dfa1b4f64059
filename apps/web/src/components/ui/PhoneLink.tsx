import { formatPhone } from '@/lib/format';

/**
 * A phone number as a tap-to-call link (`tel:` with the number in E.164), shown as people write it (issue 38: every
 * phone a courier or a client reads is one tap from a call). `who` names the person called, for screen readers.
 */
export function PhoneLink({ phone, who }: { phone: string; who?: string }) {
  const shown = formatPhone(phone);
  return (
    <a className="phone-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={who ? `Appeler ${who} : ${shown}` : `Appeler le ${shown}`}>
      <span aria-hidden="true">📞 </span>
      {shown}
    </a>
  );
}
