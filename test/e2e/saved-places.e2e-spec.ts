import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SAVED_PLACES_MAX } from '@coursa/domain';
import { signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// « Mes adresses » (issue 39): a client keeps her named places (at most SAVED_PLACES_MAX, each label once), edits and
// deletes them; another client's place is unknown to her; couriers and staff have none.

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const MAISON = { label: 'Maison', address: 'Carrefour Bambéto, à côté de la pharmacie', latitude: 9.5917, longitude: -13.6236, instructions: 'Portail bleu' };
const BUREAU = { label: 'Bureau', address: 'Rue KA-020, Kaloum', latitude: 9.5092, longitude: -13.7122 };

describe('« Mes adresses »', () => {
  it('saves, lists, renames and deletes her places', async () => {
    const client = await signedIn(app, 'client');
    const saved = await app.request('POST', '/api/places/saved', MAISON, { token: client.token });
    expect(saved).toMatchObject({ status: 201, body: { message: 'Adresse « Maison » enregistrée.', place: { ...MAISON, id: expect.any(String) } } });
    const bureau = await app.request('POST', '/api/places/saved', BUREAU, { token: client.token });
    expect(bureau).toMatchObject({ status: 201, body: { place: { label: 'Bureau', instructions: null } } });

    const list = await app.request('GET', '/api/places/saved', undefined, { token: client.token });
    expect(list.status).toBe(200);
    expect(list.body.map((place: { label: string }) => place.label)).toEqual(['Bureau', 'Maison']);
    expect(list.headers.get('x-total-count')).toBe('2');

    const id = saved.body.place.id as string;
    const renamed = await app.request('PUT', `/api/places/saved/${id}`, { ...MAISON, label: 'Chez Tantie', instructions: '' }, { token: client.token });
    expect(renamed).toMatchObject({ status: 200, body: { message: 'Adresse « Chez Tantie » modifiée.', place: { id, label: 'Chez Tantie', instructions: null } } });

    const removed = await app.request('DELETE', `/api/places/saved/${id}`, undefined, { token: client.token });
    expect(removed).toMatchObject({ status: 200, body: { message: 'Adresse supprimée.' } });
    const after = await app.request('GET', '/api/places/saved', undefined, { token: client.token });
    expect(after.body.map((place: { label: string }) => place.label)).toEqual(['Bureau']);
  });

  it('refuses a label she already uses, whatever its case and spaces, in French (409)', async () => {
    const client = await signedIn(app, 'client');
    await app.request('POST', '/api/places/saved', MAISON, { token: client.token });
    const again = await app.request('POST', '/api/places/saved', { ...BUREAU, label: '  maison ' }, { token: client.token });
    expect(again).toMatchObject({ status: 409, body: { code: 'SAVED_PLACE_LABEL_TAKEN', detail: expect.stringContaining('Vous avez déjà une adresse nommée') } });

    const bureau = await app.request('POST', '/api/places/saved', BUREAU, { token: client.token });
    const clash = await app.request('PUT', `/api/places/saved/${bureau.body.place.id}`, { ...BUREAU, label: 'MAISON' }, { token: client.token });
    expect(clash).toMatchObject({ status: 409, body: { code: 'SAVED_PLACE_LABEL_TAKEN' } });

    // Another client may use the same label.
    const other = await signedIn(app, 'client');
    expect((await app.request('POST', '/api/places/saved', MAISON, { token: other.token })).status).toBe(201);
  });

  it(`keeps at most ${SAVED_PLACES_MAX} places per client, even when saves race`, async () => {
    const client = await signedIn(app, 'client');
    const saves = await Promise.all(
      Array.from({ length: SAVED_PLACES_MAX + 5 }, (_, index) => app.request('POST', '/api/places/saved', { ...BUREAU, label: `Lieu ${index + 1}` }, { token: client.token })),
    );
    expect(saves.filter((answer) => answer.status === 201)).toHaveLength(SAVED_PLACES_MAX);
    const refused = saves.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, body: { code: 'SAVED_PLACES_LIMIT_REACHED', detail: expect.stringContaining('supprimez-en une') } });
    expect(await app.db.savedPlace.count({ where: { clientId: client.user.id } })).toBe(SAVED_PLACES_MAX);
  });

  it("answers another client's place as unknown (404), and leaves it as it was", async () => {
    const owner = await signedIn(app, 'client');
    const saved = await app.request('POST', '/api/places/saved', MAISON, { token: owner.token });
    const id = saved.body.place.id as string;
    const guesser = await signedIn(app, 'client');
    const edit = await app.request('PUT', `/api/places/saved/${id}`, { ...MAISON, label: 'À moi' }, { token: guesser.token });
    expect(edit).toMatchObject({ status: 404, body: { code: 'SAVED_PLACE_NOT_FOUND', detail: 'Adresse enregistrée introuvable.' } });
    const remove = await app.request('DELETE', `/api/places/saved/${id}`, undefined, { token: guesser.token });
    expect(remove).toMatchObject({ status: 404, body: { code: 'SAVED_PLACE_NOT_FOUND' } });
    expect((await app.request('GET', '/api/places/saved', undefined, { token: guesser.token })).body).toEqual([]);
    expect(await app.db.savedPlace.findUnique({ where: { id } })).toMatchObject({ label: 'Maison', clientId: owner.user.id });
  });

  it('is for clients only: couriers and staff are refused (403)', async () => {
    for (const role of ['independent_delivery', 'salaried_delivery', 'admin'] as const) {
      const user = await signedIn(app, role);
      expect((await app.request('GET', '/api/places/saved', undefined, { token: user.token })).status).toBe(403);
      expect((await app.request('POST', '/api/places/saved', MAISON, { token: user.token })).status).toBe(403);
    }
  });

  it('refuses bad coordinates, a missing point and a long label with a French message (400)', async () => {
    const client = await signedIn(app, 'client');
    const far = await app.request('POST', '/api/places/saved', { ...MAISON, latitude: 123 }, { token: client.token });
    expect(far).toMatchObject({ status: 400, body: { detail: expect.stringContaining('La latitude doit être comprise entre -90 et 90.') } });
    const text = await app.request('POST', '/api/places/saved', { ...MAISON, longitude: 'loin' }, { token: client.token });
    expect(text).toMatchObject({ status: 400, body: { detail: expect.stringContaining('La longitude doit être un nombre.') } });
    const unplaced = await app.request('POST', '/api/places/saved', { ...MAISON, latitude: 0, longitude: 0 }, { token: client.token });
    expect(unplaced).toMatchObject({ status: 400, body: { detail: expect.stringContaining('Placez le point sur la carte') } });
    const long = await app.request('POST', '/api/places/saved', { ...MAISON, label: 'x'.repeat(41) }, { token: client.token });
    expect(long).toMatchObject({ status: 400, body: { detail: expect.stringContaining('au plus 40 caractères') } });
    expect(await app.db.savedPlace.count({ where: { clientId: client.user.id } })).toBe(0);
  });
});
