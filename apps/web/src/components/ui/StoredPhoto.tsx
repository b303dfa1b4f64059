import { fileIdOf } from '@coursa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import { Button } from './Button';

/**
 * A photo the API keeps (`/api/files/<id>`), which needs the session's bearer header: an <img src> cannot send it, so
 * the photo is fetched, shown from an object URL, and the URL released when the photo leaves the screen.
 */
export function StoredPhoto({ url, alt }: { url: string; alt: string }) {
  const id = fileIdOf(url) ?? '';
  const { data: blob, isError } = useQuery({
    queryKey: ['GET /api/files/:id', id],
    queryFn: () => apiClient.file('GET /api/files/:id', { id }, 'image/jpeg'),
    enabled: id !== '',
    staleTime: Infinity,
  });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);

  if (isError || !id) return <p className="muted">Photo indisponible.</p>;
  if (!objectUrl) return <p className="muted">Chargement de la photo…</p>;
  return <img className="stored-photo" src={objectUrl} alt={alt} />;
}

/** A stored photo shown on demand, so that a list of many does not fetch them all: a button, then the photo. */
export function StoredPhotoToggle({ url, label, alt }: { url: string; label: string; alt: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="stack">
      <Button variant="secondary" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? `Masquer la ${label}` : `Voir la ${label}`}
      </Button>
      {shown && <StoredPhoto url={url} alt={alt} />}
    </div>
  );
}

/** The courier's photo of the parcel at the door (proof of delivery, issue 37), as the course's client sees it. */
export function ProofPhotoFigure({ url }: { url: string }) {
  return (
    <figure className="stack proof-photo">
      <figcaption>Photo de la remise, prise par le livreur à la porte</figcaption>
      <StoredPhoto url={url} alt="Photo du colis remis à la porte" />
    </figure>
  );
}
