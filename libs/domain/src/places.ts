import { flatKm } from './pricing.js';

/**
 * The place book (issue 39): what delivered courses proved about the addresses clients type, grouped into places.
 * The thresholds, in one place; PLACE_MIN_CLIENTS (how many different clients make a place suggestible) is in the
 * API's configuration.
 */
export const PLACE_RULES = {
  /** A courier's fix farther than this from the point the client placed says nothing about that address. */
  maxFixDistanceM: 300,
  /** A fix less accurate than this (its accuracy radius, metres) is not kept. */
  maxAccuracyM: 100,
  /** A trail position counts for a step (collected, delivered) when measured within this long of it. */
  fixWindowS: 120,
  /** Two observations are one place when their texts are this similar (pg_trgm similarity())… */
  minTextSimilarity: 0.35,
  /** …and their points within this distance. */
  groupDistanceM: 150,
  /** A spot picked on the map is named after the nearest suggestible place within this distance (metres). */
  nearestM: 150,
  /** Search as you type: at most this many suggestions in all, her own (saved, then past) first. */
  maxSuggestions: 8,
} as const;

export type PlaceRules = typeof PLACE_RULES;

export interface PlacePoint {
  latitude: number;
  longitude: number;
}

/** The courier's fix at a step, with its accuracy (metres; null when the phone gave none). */
export interface StepFix extends PlacePoint {
  accuracy: number | null;
}

/**
 * An address text as compared: lower case, accents removed, spaces collapsed. The database's place_fold() (migration
 * place_book: search_fold() with spaces collapsed) is the one the grouping uses; this one says the same for tests and
 * callers outside SQL.
 */
export function placeFold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export type FixRefusal = 'no_fix' | 'inaccurate' | 'far';

/** Why a courier's fix at a step does not prove where the client's point was; null when it does. A fix without accuracy is not trusted. */
export function fixRefusal(fix: StepFix | null, placed: PlacePoint, rules: Pick<PlaceRules, 'maxFixDistanceM' | 'maxAccuracyM'> = PLACE_RULES): FixRefusal | null {
  if (!fix) return 'no_fix';
  if (fix.accuracy === null || fix.accuracy > rules.maxAccuracyM) return 'inaccurate';
  return flatKm(fix, placed) * 1000 > rules.maxFixDistanceM ? 'far' : null;
}

/** The trail position measured nearest to `at` (epoch ms) within the window; null when none is. */
export function fixAt<T extends { ms: number }>(positions: readonly T[], at: number, rules: Pick<PlaceRules, 'fixWindowS'> = PLACE_RULES): T | null {
  let best: T | null = null;
  for (const position of positions) {
    const gap = Math.abs(position.ms - at);
    if (gap > rules.fixWindowS * 1000) continue;
    if (!best || gap < Math.abs(best.ms - at)) best = position;
  }
  return best;
}

/** Whether a place may be suggested to clients: seen in deliveries of enough different clients, and not hidden by staff. */
export function placeSuggestible(place: { distinctClients: number; hidden: boolean }, minClients: number): boolean {
  return !place.hidden && place.distinctClients >= minClients;
}

/** One observation as the grouping reads it. */
export interface GroupedObservation extends PlacePoint {
  id: string;
  text: string;
  clientId: string;
  /** The place it belonged to after the last grouping (null: new). */
  placeId: string | null;
}

/** Whether two observations whose texts are similar enough are also near enough to be one place. */
export function nearEnough(a: PlacePoint, b: PlacePoint, rules: Pick<PlaceRules, 'groupDistanceM'> = PLACE_RULES): boolean {
  return flatKm(a, b) * 1000 <= rules.groupDistanceM;
}

/**
 * The observations grouped by their links (pairs with similar texts and near points), transitively: each group its
 * members' ids, sorted, the groups in order of their first id. The same links give the same groups, whatever their order.
 */
export function linkedGroups(ids: readonly string[], links: readonly (readonly [string, string])[]): string[][] {
  const parent = new Map(ids.map((id) => [id, id]));
  const root = (id: string): string => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at)!;
    parent.set(id, at);
    return at;
  };
  for (const [a, b] of links) {
    if (!parent.has(a) || !parent.has(b)) continue;
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  }
  const groups = new Map<string, string[]>();
  for (const id of [...ids].sort()) {
    const r = root(id);
    groups.set(r, [...(groups.get(r) ?? []), id]);
  }
  return [...groups.values()].sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What a group of observations makes of a place: its name, point, counts and spread (never who). */
export interface PlaceSummary extends PlacePoint {
  name: string;
  normalisedName: string;
  observationCount: number;
  distinctClients: number;
  /** The farthest observation from the place's point, metres (rounded). */
  spreadM: number;
}

/**
 * A group's place: its point the median of its observations' (a stray fix does not drag it), its name the most
 * frequent original text (ties: the one whose folded form is most frequent, then the first in code-unit order, so the
 * same observations always give the same name).
 */
export function summarisePlace(observations: readonly Omit<GroupedObservation, 'id' | 'placeId'>[]): PlaceSummary {
  if (!observations.length) throw new Error('a place needs at least one observation');
  const counts = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const { text } of observations) {
    counts.set(text.trim(), (counts.get(text.trim()) ?? 0) + 1);
    folded.set(placeFold(text), (folded.get(placeFold(text)) ?? 0) + 1);
  }
  const fold = (text: string) => folded.get(placeFold(text))!;
  const [name] = [...counts.entries()].sort(([a, ca], [b, cb]) => cb - ca || fold(b) - fold(a) || (a < b ? -1 : a > b ? 1 : 0))[0]!;
  const point = { latitude: median(observations.map((o) => o.latitude)), longitude: median(observations.map((o) => o.longitude)) };
  const spreadM = Math.round(Math.max(...observations.map((o) => flatKm(o, point) * 1000)));
  return { name, normalisedName: placeFold(name), ...point, observationCount: observations.length, distinctClients: new Set(observations.map((o) => o.clientId)).size, spreadM };
}

/**
 * Which place id a group keeps: the one most of its observations had (ties: the smallest), unless another group took
 * it first; null for a new place. Groups in the order of linkedGroups, so a run over the same observations keeps every id.
 */
export function keptPlaceIds(groups: readonly (readonly (string | null)[])[]): (string | null)[] {
  const taken = new Set<string>();
  return groups.map((placeIds) => {
    const counts = new Map<string, number>();
    for (const id of placeIds) if (id && !taken.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    const best = [...counts.entries()].sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : 1))[0]?.[0] ?? null;
    if (best) taken.add(best);
    return best;
  });
}
