interface BarItem {
  key: string;
  name: string;
  value: number;
  text: string;
}

/** A horizontal bar chart in plain CSS: each bar's width is its share of the largest value. */
export function BarList({ label, items }: { label: string; items: readonly BarItem[] }) {
  if (!items.length) return <p className="muted">Aucune donnée sur la période.</p>;
  const max = Math.max(...items.map((item) => item.value));
  return (
    <ul className="bar-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="bar-list__item">
          <div className="bar-list__legend">
            <span>{item.name}</span>
            <span className="muted">{item.text}</span>
          </div>
          <div className="bar-list__track" aria-hidden="true">
            <div className="bar-list__bar" style={{ width: `${max > 0 ? (item.value / max) * 100 : 0}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
