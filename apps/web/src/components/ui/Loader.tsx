export function Loader({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="loader" role="status">
      <span className="loader__spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function FullPageLoader() {
  return (
    <div className="full-page">
      <Loader />
    </div>
  );
}
