import { impossibleMove, type Fix, type ImpossibleMove } from '@coursa/domain';

/**
 * A courier's last believed fix, and a fix that jumped from it. Plain data, kept with the courier in Redis
 * (`PositionsStore.fixCheckOf`, issue 34) and a copy on the socket that sends their positions.
 */
export interface FixCheck {
  last?: Fix;
  /** The last fix refused for an impossible move: the next one agreeing with it says the courier really is there. */
  doubt?: Fix;
}

/** What an impossible move leaves for ops: the move, and the two fixes it joins. */
export interface RefusedMove extends ImpossibleMove {
  from: Fix;
  to: Fix;
}

/**
 * Checks a courier's fix against the last one believed (issue 24; `state` changed in place): null when the move to it
 * is possible (it becomes the last fix, unless older), the move when it is not (the fix is kept off the map). A fix
 * that jumped is not believed alone, but the next one agreeing with it is: when the last believed fix was the wrong one
 * (a GPS glitch, a phone that was off), the courier is not held off the map for good. A courier's very first fix (none
 * accepted in the last hour) is believed.
 */
export function checkFix(state: FixCheck, fix: Fix, maxKmh: number): RefusedMove | null {
  const last = state.last;
  const move = last ? impossibleMove(last, fix, maxKmh) : null;
  if (move && !(state.doubt && !impossibleMove(state.doubt, fix, maxKmh))) {
    state.doubt = fix;
    return { ...move, from: last!, to: fix };
  }
  if (!last || fix.ms >= last.ms) state.last = fix;
  state.doubt = undefined;
  return null;
}
