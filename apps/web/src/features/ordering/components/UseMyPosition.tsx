import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { accuracyText, findMyPosition, MY_POSITION_MESSAGES, type FoundPosition } from '../my-position';

type Shown = { kind: 'idle' } | { kind: 'searching' } | { kind: 'found'; accuracy: number } | { kind: 'failed'; message: string };

/** « Utiliser ma position »: asks the phone for its position only when tapped, and says how precise it is. */
export function UseMyPosition({ onFound }: { onFound: (position: FoundPosition) => void }) {
  const [shown, setShown] = useState<Shown>({ kind: 'idle' });
  async function locate() {
    setShown({ kind: 'searching' });
    try {
      const position = await findMyPosition(navigator.geolocation);
      onFound(position);
      setShown({ kind: 'found', accuracy: position.accuracy });
    } catch (error) {
      setShown({ kind: 'failed', message: (error as Error).message });
    }
  }
  return (
    <div className="my-position">
      <Button variant="secondary" onClick={() => void locate()} disabled={shown.kind === 'searching'}>
        Utiliser ma position
      </Button>
      <p className={shown.kind === 'failed' ? 'form__error' : 'muted'} role="status" data-testid="my-position-status">
        {shown.kind === 'searching' && MY_POSITION_MESSAGES.searching}
        {shown.kind === 'found' && accuracyText(shown.accuracy)}
        {shown.kind === 'failed' && shown.message}
      </p>
    </div>
  );
}
