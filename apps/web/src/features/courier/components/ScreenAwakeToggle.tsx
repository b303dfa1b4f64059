import { useShallow } from 'zustand/react/shallow';
import { Button } from '@/components/ui/Button';
import { setScreenAwakeEnabled, useScreenAwake } from '../hooks/screen-awake';

/** The navigation screen's toggle: keep the screen awake during a course (issue 37), and whether it is kept now. */
export function ScreenAwakeToggle() {
  const { enabled, held, supported } = useScreenAwake(useShallow((state) => ({ enabled: state.enabled, held: state.held, supported: state.supported })));
  if (!supported) {
    return <p className="muted screen-awake">Ce navigateur ne peut pas garder l'écran allumé : gardez l'application ouverte pendant la course.</p>;
  }
  return (
    <div className="screen-awake">
      <Button variant="secondary" aria-pressed={enabled} onClick={() => setScreenAwakeEnabled(!enabled)}>
        Garder l'écran allumé
      </Button>
      <p className="muted" role="status" data-testid="screen-awake-status">
        {held
          ? "L'écran reste allumé pendant la course."
          : enabled
            ? "L'écran restera allumé pendant la course."
            : "L'écran peut se mettre en veille : vos positions ne sont alors plus envoyées."}
      </p>
    </div>
  );
}
