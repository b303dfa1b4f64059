import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { myCoursesApi, myCoursesQueries } from '../api/my-courses-api';

export const RATING_MESSAGES = {
  failed: "Erreur lors de l'évaluation",
  done: 'Merci pour votre évaluation !',
} as const;

const STARS = [1, 2, 3, 4, 5] as const;

/** Spec §5 "Rating": 1 to 5, 5 by default, comment optional. */
export function RatingModal({ courseId, onDone, onClose }: { courseId: string; onDone: () => void; onClose: () => void }) {
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  // The course's card then shows the rating given instead of « Évaluer ».
  const rate = useChange(myCoursesApi.rate, () => [myCoursesQueries.list()]);
  const pending = rate.isPending;
  const error = rate.error && errorMessage(rate.error, RATING_MESSAGES.failed);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rate.mutate({ course_id: courseId, rating, comment: comment.trim() || null }, { onSuccess: onDone });
  }

  return (
    <div className="modal-backdrop">
      <form className="modal card stack" role="dialog" aria-modal="true" aria-labelledby="rating-title" onSubmit={submit}>
        <h2 className="card__title" id="rating-title">
          Évaluer la livraison
        </h2>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="stars" role="radiogroup" aria-label="Note">
          {STARS.map((star) => (
            <button
              key={star}
              type="button"
              role="radio"
              aria-checked={star === rating}
              aria-label={`${star} sur 5`}
              className={star <= rating ? 'stars__star stars__star--on' : 'stars__star'}
              onClick={() => setRating(star)}
            >
              ★
            </button>
          ))}
        </div>
        <label className="field">
          <span className="field__label">Commentaire (facultatif)</span>
          <textarea className="input" rows={3} value={comment} onChange={(event) => setComment(event.target.value)} />
        </label>
        <div className="form__row">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Envoi…' : 'Envoyer'}
          </Button>
        </div>
      </form>
    </div>
  );
}
