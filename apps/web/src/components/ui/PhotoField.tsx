import type { ChangeEvent } from 'react';
import { Field } from './Field';

interface PhotoFieldProps {
  label: string;
  uploaded: boolean;
  uploading: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What the hint says once the photo is sent. */
  uploadedHint?: string;
  /** `environment`: a phone opens its back camera at once (the courier's photo at the door). */
  capture?: 'environment';
}

/** A photo input (JPG, PNG or WebP, 5 MB), saying whether the photo is being sent or was kept. */
export function PhotoField({ label, uploaded, uploading, onChange, uploadedHint = '✓ Photo enregistrée', capture }: PhotoFieldProps) {
  const hint = uploading ? 'Envoi en cours…' : uploaded ? uploadedHint : 'JPG, PNG ou WebP, 5 Mo maximum';
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <input
          className="input"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture={capture}
          disabled={uploading}
          onChange={onChange}
          {...control}
        />
      )}
    </Field>
  );
}
