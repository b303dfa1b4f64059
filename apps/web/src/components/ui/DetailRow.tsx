/** One label/value line of a details list (`<dl className="details">`). */
export function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
