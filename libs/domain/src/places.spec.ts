import { describe, expect, it } from '@jest/globals';
import {
  curatedByStaff,
  fixAt,
  fixRefusal,
  keptPlaceIds,
  keptTogetherLinks,
  linkedGroups,
  nearEnough,
  PLACE_RULES,
  placeFold,
  placeSuggestible,
  spreadM,
  staffKept,
  summarisePlace,
} from './places.js';

// Carrefour Bambéto, and points north of it (1e-4 degree of latitude is about 11 m).
const BAMBETO = { latitude: 9.6012, longitude: -13.6378 };
const north = (m: number) => ({ latitude: BAMBETO.latitude + m / 111_000, longitude: BAMBETO.longitude });

describe('placeFold', () => {
  it('lowers, strips accents and collapses spaces', () => {
    expect(placeFold('  Carrefour   Bambéto ')).toBe('carrefour bambeto');
    expect(placeFold('MARCHÉ\tMadina,  portail bleu')).toBe('marche madina, portail bleu');
  });
});

describe('fixRefusal', () => {
  it('keeps an accurate fix near the placed point', () => {
    expect(fixRefusal({ ...north(120), accuracy: 20 }, BAMBETO)).toBeNull();
  });
  it('refuses a missing fix, an inaccurate one, or one without accuracy', () => {
    expect(fixRefusal(null, BAMBETO)).toBe('no_fix');
    expect(fixRefusal({ ...north(10), accuracy: PLACE_RULES.maxAccuracyM + 1 }, BAMBETO)).toBe('inaccurate');
    expect(fixRefusal({ ...north(10), accuracy: null }, BAMBETO)).toBe('inaccurate');
  });
  it('refuses a fix farther than the rule from the placed point', () => {
    expect(fixRefusal({ ...north(PLACE_RULES.maxFixDistanceM + 20), accuracy: 10 }, BAMBETO)).toBe('far');
    expect(fixRefusal({ ...north(PLACE_RULES.maxFixDistanceM - 20), accuracy: 10 }, BAMBETO)).toBeNull();
  });
});

describe('fixAt', () => {
  it('takes the position measured nearest to the step, within the window', () => {
    const at = 1_000_000_000;
    const positions = [{ ms: at - 50_000 }, { ms: at + 10_000 }, { ms: at - 5_000 }];
    expect(fixAt(positions, at)).toEqual({ ms: at - 5_000 });
    expect(fixAt([{ ms: at - PLACE_RULES.fixWindowS * 1000 - 1 }], at)).toBeNull();
    expect(fixAt([], at)).toBeNull();
  });
});

describe('placeSuggestible', () => {
  it('needs enough different clients and no hiding', () => {
    expect(placeSuggestible({ distinctClients: 3, hidden: false }, 3)).toBe(true);
    expect(placeSuggestible({ distinctClients: 2, hidden: false }, 3)).toBe(false);
    expect(placeSuggestible({ distinctClients: 9, hidden: true }, 3)).toBe(false);
  });
});

describe('nearEnough', () => {
  it('is the grouping distance rule', () => {
    expect(nearEnough(BAMBETO, north(PLACE_RULES.groupDistanceM - 10))).toBe(true);
    expect(nearEnough(BAMBETO, north(PLACE_RULES.groupDistanceM + 10))).toBe(false);
  });
});

describe('linkedGroups', () => {
  it('groups transitively, the same whatever the order of the links', () => {
    const ids = ['d', 'a', 'c', 'b', 'e'];
    const groups = linkedGroups(ids, [['c', 'b'], ['a', 'c']]);
    expect(groups).toEqual([['a', 'b', 'c'], ['d'], ['e']]);
    expect(linkedGroups([...ids].reverse(), [['a', 'c'], ['b', 'c']])).toEqual(groups);
  });
  it('ignores links to unknown observations', () => {
    expect(linkedGroups(['a'], [['a', 'z']])).toEqual([['a']]);
  });
  it('never joins two groups anchored to different places staff curated, whatever the order of the links', () => {
    // a (place P1) and c (place P2) are both alike b, a new observation: b joins the first link's group, P1's.
    const anchors = new Map([['a', 'P1'], ['c', 'P2'], ['d', 'P2']]);
    const groups = linkedGroups(['a', 'b', 'c', 'd', 'e'], [['c', 'b'], ['b', 'a'], ['d', 'c'], ['e', 'd']], anchors);
    expect(groups).toEqual([['a', 'b'], ['c', 'd', 'e']]);
    expect(linkedGroups(['e', 'd', 'c', 'b', 'a'], [['e', 'd'], ['d', 'c'], ['a', 'b'], ['b', 'c']], anchors)).toEqual(groups);
    // Run again with b now anchored where it went: the same groups (the grouping is idempotent).
    expect(linkedGroups(['a', 'b', 'c', 'd', 'e'], [['c', 'b'], ['b', 'a'], ['d', 'c'], ['e', 'd']], new Map([...anchors, ['b', 'P1'], ['e', 'P2']]))).toEqual(groups);
    // Observations of one place join freely.
    expect(linkedGroups(['a', 'c', 'd'], [['c', 'd']], anchors)).toEqual([['a'], ['c', 'd']]);
  });
});

describe('summarisePlace', () => {
  const seen = (text: string, clientId: string, m: number) => ({ text, clientId, ...north(m) });
  it('names the place by its most frequent text, at the median point, counting clients, never saying who', () => {
    const place = summarisePlace([seen('Carrefour Bambéto', 'c1', 0), seen('carrefour bambeto', 'c2', 10), seen('Carrefour Bambéto', 'c3', 20), seen('Carefour Bambeto', 'c1', 400)]);
    expect(place.name).toBe('Carrefour Bambéto');
    expect(place.normalisedName).toBe('carrefour bambeto');
    expect(place.observationCount).toBe(4);
    expect(place.distinctClients).toBe(3);
    expect(place.latitude).toBeCloseTo(north(15).latitude, 6);
    expect(place.spreadM).toBe(385);
    expect(JSON.stringify(place)).not.toMatch(/c1|c2|c3/);
  });
  it('breaks a tie of names by the most frequent folded form, then alphabetically, so the same observations give the same name', () => {
    expect(summarisePlace([seen('Carefour Bambeto', 'x', 0), seen('carrefour bambeto', 'y', 0), seen('Carrefour Bambéto', 'z', 0)]).name).toBe('Carrefour Bambéto');
    expect(summarisePlace([seen('b', 'x', 0), seen('a', 'y', 0)]).name).toBe('a');
    expect(summarisePlace([seen('a', 'y', 0), seen('b', 'x', 0)]).name).toBe('a');
  });
  it('keeps the name and the point staff set, and measures the spread from that point', () => {
    const observations = [seen('Carrefour Bambéto', 'c1', 0), seen('carrefour bambeto', 'c2', 10), seen('Carrefour Bambéto', 'c3', 20)];
    const renamed = summarisePlace(observations, { name: 'Carrefour de Bambéto (rond-point)' });
    expect(renamed).toMatchObject({ name: 'Carrefour de Bambéto (rond-point)', normalisedName: 'carrefour de bambeto (rond-point)', observationCount: 3, distinctClients: 3, spreadM: 10 });
    const moved = summarisePlace(observations, { point: north(100) });
    expect(moved).toMatchObject({ name: 'Carrefour Bambéto', ...north(100), spreadM: 100 });
  });
});

describe('spreadM', () => {
  it('is the farthest observation from the point, rounded; nothing seen, nothing spread', () => {
    expect(spreadM([north(0), north(30), north(-12)], north(0))).toBe(30);
    expect(spreadM([], north(0))).toBe(0);
  });
});

describe('curatedByStaff and staffKept', () => {
  const untouched = { id: 'p1', name: 'Marché Madina', ...BAMBETO, hidden: false, instructions: null, nameByStaff: false, pointByStaff: false, keptTogether: false };
  it('a place staff hid, renamed, moved, merged into or gave instructions is curated', () => {
    expect(curatedByStaff(untouched)).toBe(false);
    for (const touched of [{ hidden: true }, { instructions: 'Portail bleu' }, { nameByStaff: true }, { pointByStaff: true }, { keptTogether: true }]) {
      expect(curatedByStaff({ ...untouched, ...touched })).toBe(true);
    }
  });
  it('keeps only what staff set: the name, the point, both or neither', () => {
    expect(staffKept(undefined)).toEqual({});
    expect(staffKept(untouched)).toEqual({});
    expect(staffKept({ ...untouched, nameByStaff: true })).toEqual({ name: 'Marché Madina' });
    expect(staffKept({ ...untouched, nameByStaff: true, pointByStaff: true })).toEqual({ name: 'Marché Madina', point: BAMBETO });
  });
});

describe('keptTogetherLinks', () => {
  it('chains the observations of each place kept together, and of no other', () => {
    const observations = [
      { id: 'o3', placeId: 'P1' }, { id: 'o1', placeId: 'P1' }, { id: 'o2', placeId: 'P2' }, { id: 'o4', placeId: 'P1' }, { id: 'o5', placeId: 'P2' }, { id: 'o6', placeId: null },
    ];
    expect(keptTogetherLinks(observations, new Set(['P1']))).toEqual([['o1', 'o3'], ['o3', 'o4']]);
    expect(linkedGroups(observations.map((o) => o.id), keptTogetherLinks(observations, new Set(['P1', 'P2'])))).toEqual([['o1', 'o3', 'o4'], ['o2', 'o5'], ['o6']]);
  });
});

describe('keptPlaceIds', () => {
  it('keeps the place most members had, each place once, and makes new ones for new groups', () => {
    expect(keptPlaceIds([['p1', 'p1', 'p2'], ['p1', 'p2'], [null, null], ['p3', null]])).toEqual(['p1', 'p2', null, 'p3']);
  });
  it('keeps a place staff curated before one more of its members had', () => {
    expect(keptPlaceIds([['p1', 'p1', 'p2', null]], new Set(['p2']))).toEqual(['p2']);
    expect(keptPlaceIds([['p1', 'p2'], ['p2', 'p2']], new Set(['p2']))).toEqual(['p2', null]);
  });
});
