/** A labelled progress bar from 0 to 100 %. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
