/**
 * How old a courier's position is, as the client, the recipient and ops read it (issue 37): a phone in a pocket stops
 * sending, and a marker that does not say its age looks live.
 */

/** A position older than this is drawn faded, with its age. */
export const STALE_POSITION_AFTER_MS = 60_000;

/** How faded an old position's marker is drawn on every map: still visible over the tiles. */
export const STALE_POSITION_OPACITY = 0.45;

/** « Position d'il y a 3 min » (whole minutes; whole hours past an hour); null while the position is fresh. */
export function stalePositionLabel(at: string | Date, nowMs: number): string | null {
  const ageMs = nowMs - new Date(at).getTime();
  if (!(ageMs > STALE_POSITION_AFTER_MS)) return null;
  const minutes = Math.floor(ageMs / 60_000);
  return minutes < 60 ? `Position d'il y a ${minutes} min` : `Position d'il y a ${Math.floor(minutes / 60)} h`;
}

/**
 * When the server last heard of a courier on a course: their last position, or the latest acceptance when nothing
 * came after it (a courier who just accepted is not silent yet). Null: never heard of.
 */
export function lastHeardMs(lastPositionMs: number | null, acceptedMs: number | null): number | null {
  if (lastPositionMs === null) return acceptedMs;
  return acceptedMs === null ? lastPositionMs : Math.max(lastPositionMs, acceptedMs);
}

/** Whether a courier last heard of at `heardMs` is silent at `nowMs` (COURIER_SILENT_AFTER_S); never heard of: silent. */
export function isSilent(heardMs: number | null, nowMs: number, silentAfterS: number): boolean {
  return heardMs === null || nowMs - heardMs >= silentAfterS * 1000;
}
