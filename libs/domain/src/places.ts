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

/** Search as you type (issue 39): from how many characters the server searches, and up to how many it reads. */
export const PLACE_SEARCH_LENGTH = { min: 2, max: 80 } as const;

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
 * members' ids, sorted, the groups in order of their first id. `anchors` gives the observations of places staff
 * curated their place's id (see curatedByStaff): two groups anchored to different places are never joined, so the
 * grouping does not melt two places staff looked at into one (a merge is staff's to make). The links are taken in
 * their sorted order: the same links give the same groups, whatever their order.
 */
export function linkedGroups(ids: readonly string[], links: readonly (readonly [string, string])[], anchors: ReadonlyMap<string, string> = new Map()): string[][] {
  const parent = new Map(ids.map((id) => [id, id]));
  const root = (id: string): string => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at)!;
    parent.set(id, at);
    return at;
  };
  /** The anchor of each group, by its root. */
  const anchorOf = new Map<string, string>();
  for (const id of ids) if (anchors.has(id)) anchorOf.set(id, anchors.get(id)!);
  const ordered = links.map(([a, b]): readonly [string, string] => (a < b ? [a, b] : [b, a])).sort(([a1, b1], [a2, b2]) => (a1 < a2 ? -1 : a1 > a2 ? 1 : b1 < b2 ? -1 : b1 > b2 ? 1 : 0));
  for (const [a, b] of ordered) {
    if (!parent.has(a) || !parent.has(b)) continue;
    const [ra, rb] = [root(a), root(b)];
    if (ra === rb) continue;
    const anchor = anchorOf.get(ra) ?? anchorOf.get(rb);
    if (anchorOf.has(ra) && anchorOf.has(rb) && anchorOf.get(ra) !== anchorOf.get(rb)) continue;
    const [kept, joined] = ra < rb ? [ra, rb] : [rb, ra];
    parent.set(joined, kept);
    if (anchor !== undefined) anchorOf.set(kept, anchor);
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

/** What staff set on a place and the grouping keeps instead of computing it: the name they gave, the point they chose. */
export interface StaffKept {
  name?: string;
  point?: PlacePoint;
}

/** The farthest observation from a point, metres (rounded): a place's spread. */
export function spreadM(observations: readonly PlacePoint[], point: PlacePoint): number {
  // A loop, not Math.max(...): a place seen in many thousands of deliveries would overflow the call's arguments.
  let farthest = 0;
  for (const observation of observations) farthest = Math.max(farthest, flatKm(observation, point) * 1000);
  return Math.round(farthest);
}

/**
 * A group's place: its point the median of its observations' (a stray fix does not drag it), its name the most
 * frequent original text (ties: the one whose folded form is most frequent, then the first in code-unit order, so the
 * same observations always give the same name); a name or a point staff set (`kept`) stays, the spread measured from it.
 */
export function summarisePlace(observations: readonly Omit<GroupedObservation, 'id' | 'placeId'>[], kept: StaffKept = {}): PlaceSummary {
  if (!observations.length) throw new Error('a place needs at least one observation');
  const counts = new Map<string, number>();
  const folded = new Map<string, number>();
  for (const { text } of observations) {
    counts.set(text.trim(), (counts.get(text.trim()) ?? 0) + 1);
    folded.set(placeFold(text), (folded.get(placeFold(text)) ?? 0) + 1);
  }
  const fold = (text: string) => folded.get(placeFold(text))!;
  const [mostSaid] = [...counts.entries()].sort(([a, ca], [b, cb]) => cb - ca || fold(b) - fold(a) || (a < b ? -1 : a > b ? 1 : 0))[0]!;
  const name = kept.name ?? mostSaid;
  const point = kept.point ?? { latitude: median(observations.map((o) => o.latitude)), longitude: median(observations.map((o) => o.longitude)) };
  return {
    name, normalisedName: placeFold(name), latitude: point.latitude, longitude: point.longitude,
    observationCount: observations.length, distinctClients: new Set(observations.map((o) => o.clientId)).size, spreadM: spreadM(observations, point),
  };
}

/**
 * Which place id a group keeps: a place staff curated (`curated`, see curatedByStaff) before any other, then the one
 * most of its observations had (ties: the smallest), unless another group took it first; null for a new place. Groups
 * in the order of linkedGroups, so a run over the same observations keeps every id.
 */
export function keptPlaceIds(groups: readonly (readonly (string | null)[])[], curated: ReadonlySet<string> = new Set()): (string | null)[] {
  const taken = new Set<string>();
  const rank = (id: string) => (curated.has(id) ? 1 : 0);
  return groups.map((placeIds) => {
    const counts = new Map<string, number>();
    for (const id of placeIds) if (id && !taken.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    const best = [...counts.entries()].sort(([a, ca], [b, cb]) => rank(b) - rank(a) || cb - ca || (a < b ? -1 : 1))[0]?.[0] ?? null;
    if (best) taken.add(best);
    return best;
  });
}

/** What staff decided about a place (issue 39): hidden, renamed, moved, merged into, given usual instructions. */
export interface PlaceCuration extends PlacePoint {
  id: string;
  name: string;
  hidden: boolean;
  instructions: string | null;
  nameByStaff: boolean;
  pointByStaff: boolean;
  keptTogether: boolean;
}

/**
 * Whether staff touched a place: then the grouping keeps its id for its observations (keptPlaceIds), never joins it to
 * another such place (linkedGroups' anchors), keeps its name or point (staffKept) and its observations together.
 */
export function curatedByStaff(place: Pick<PlaceCuration, 'hidden' | 'instructions' | 'nameByStaff' | 'pointByStaff' | 'keptTogether'>): boolean {
  return place.hidden || place.nameByStaff || place.pointByStaff || place.keptTogether || place.instructions !== null;
}

/** What the grouping keeps of a place instead of computing it: the name and the point staff set (nothing for a new place). */
export function staffKept(place: Pick<PlaceCuration, 'name' | 'latitude' | 'longitude' | 'nameByStaff' | 'pointByStaff'> | undefined): StaffKept {
  if (!place) return {};
  return { ...(place.nameByStaff && { name: place.name }), ...(place.pointByStaff && { point: { latitude: place.latitude, longitude: place.longitude } }) };
}

/**
 * Links that chain the observations of each place staff keep together (a merge: kept_together), so linkedGroups puts
 * them in one group whatever their texts and points say.
 */
export function keptTogetherLinks(observations: readonly Pick<GroupedObservation, 'id' | 'placeId'>[], keptTogether: ReadonlySet<string>): [string, string][] {
  const members = new Map<string, string[]>();
  for (const { id, placeId } of observations) {
    if (!placeId || !keptTogether.has(placeId)) continue;
    if (!members.has(placeId)) members.set(placeId, []);
    members.get(placeId)!.push(id);
  }
  return [...members.values()].flatMap((ids) => {
    const sorted = [...ids].sort();
    return sorted.slice(1).map((id, index) => [sorted[index]!, id] as [string, string]);
  });
}
