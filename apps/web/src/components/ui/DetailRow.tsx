import type { ReactNode } from 'react';

/** One label/value line of a details list (`<dl className="details">`); the value may be a link (a phone to call). */
export function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
