/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '@/test/render-with-query';


// The signed-in user and the Leaflet map are not what this test is about.
jest.unstable_mockModule('@/features/auth', () => ({
  useCurrentUser: () => ({ phone: '+224620000031', full_name: 'Fatoumata Bah', email: null }),
}));
// A stand-in map: one tap places the active point at the spot given to `tapAt`.
let tapped = { latitude: 9.5456, longitude: -13.6566 };
const tapAt = (point: typeof tapped) => {
  tapped = point;
  fireEvent.click(screen.getByRole('button', { name: 'Toucher la carte' }));
};
jest.unstable_mockModule('@/components/map/PointPickerMap', () => ({
  default: ({ active, onPick }: { active: 'pickup' | 'delivery'; onPick: (kind: 'pickup' | 'delivery', at: typeof tapped) => void }) => (
    <button type="button" onClick={() => onPick(active, tapped)}>
      Toucher la carte
    </button>
  ),
}));
const { CreateCourseTab } = await import('./CreateCourseTab');

const reply = (status: number, body: unknown = {}) =>
  Promise.resolve({ status, ok: status < 300, text: () => Promise.resolve(JSON.stringify(body)), json: () => Promise.resolve(body) } as Response);

function fillPoint(index: number, point: { address: string; latitude: string; longitude: string }) {
  fireEvent.change(screen.getAllByLabelText('Adresse')[index]!, { target: { value: point.address } });
  fireEvent.change(screen.getAllByLabelText('Latitude')[index]!, { target: { value: point.latitude } });
  fireEvent.change(screen.getAllByLabelText('Longitude')[index]!, { target: { value: point.longitude } });
}

/** Renders and lets the lazy map settle. */
const show = () => act(async () => void renderWithQuery(<CreateCourseTab />));

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));

describe('create course', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    // « Mes adresses » (none here) is read as the form opens; the tests follow the order's own calls.
    globalThis.fetch = ((input, init) => (String(input) === '/api/places/saved' ? reply(200, []) : fetchMock(input, init))) as typeof fetch;
  });
  afterEach(cleanup);

  it('names each missing or wrong field, in order, without calling the API', async () => {
    await show();
    submit();
    expect(screen.getByRole('alert').textContent).toBe("L'adresse de retrait est obligatoire");
    fillPoint(0, { address: 'Madina', latitude: '', longitude: '' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Touchez la carte ou choisissez une adresse');
    fillPoint(0, { address: 'Madina', latitude: '', longitude: '-13.6566' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('La latitude et la longitude du point de retrait sont obligatoires');
    fillPoint(0, { address: 'Madina', latitude: 'nord', longitude: '-13.6566' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Les coordonnées du point de retrait doivent être des nombres');
    fillPoint(0, { address: 'Madina', latitude: '9,5456', longitude: '-13.6566' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe("L'adresse de livraison est obligatoire");
    fillPoint(1, { address: 'Kaloum', latitude: '', longitude: '' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Touchez la carte ou choisissez une adresse');
    fillPoint(1, { address: 'Kaloum', latitude: '9.5092', longitude: '-13.7122' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Le téléphone du destinataire est obligatoire');
    fireEvent.change(screen.getByLabelText('Téléphone du destinataire'), { target: { value: '12345' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Téléphone du destinataire invalide (format +224 6XX XX XX XX)');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens with the hint for the pickup and « — » as the price, then leads the thumb to the delivery point', async () => {
    await show();
    const price = () => screen.getByText('Prix estimé').nextElementSibling!.textContent;
    expect(screen.getByText('Touchez la carte pour placer le retrait')).toBeTruthy();
    expect(price()).toBe('—');
    tapAt({ latitude: 9.5456, longitude: -13.6566 });
    expect(screen.getByText('Touchez la carte pour placer la livraison')).toBeTruthy();
    expect((screen.getAllByLabelText('Latitude')[0] as HTMLInputElement).value).toBe('9.5456');
    // One point is not a course yet: no base price as if it were one.
    expect(price()).toBe('—');
    tapAt({ latitude: 9.5092, longitude: -13.7122 });
    expect((screen.getAllByLabelText('Longitude')[1] as HTMLInputElement).value).toBe('-13.7122');
    expect(price()).toMatch(/^12\s000 GNF$/);
  });

  it('on a point left without a place, says to tap the map, and the next tap places that point', async () => {
    await show();
    tapAt({ latitude: 9.5456, longitude: -13.6566 });
    fireEvent.change(screen.getAllByLabelText('Adresse')[0]!, { target: { value: 'Madina' } });
    fireEvent.change(screen.getAllByLabelText('Adresse')[1]!, { target: { value: 'Kaloum' } });
    // She went back to the pickup's radio: the submit brings the map back to the missing delivery point.
    fireEvent.click(screen.getAllByLabelText('Placer ce point en touchant la carte')[0]!);
    expect(screen.getByText('Touchez la carte pour placer le retrait')).toBeTruthy();
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Touchez la carte ou choisissez une adresse');
    expect(screen.getByText('Touchez la carte pour placer la livraison')).toBeTruthy();
    tapAt({ latitude: 9.5092, longitude: -13.7122 });
    expect((screen.getAllByLabelText('Latitude')[0] as HTMLInputElement).value).toBe('9.5456');
    expect((screen.getAllByLabelText('Latitude')[1] as HTMLInputElement).value).toBe('9.5092');
  });

  it('folds the latitude and longitude under « Coordonnées », one disclosure per point', async () => {
    await show();
    const folds = screen.getAllByText('Coordonnées');
    expect(folds).toHaveLength(2);
    for (const [index, summary] of folds.entries()) {
      expect(summary.tagName).toBe('SUMMARY');
      const details = summary.parentElement as HTMLDetailsElement;
      expect(details.open).toBe(false);
      expect(details.contains(screen.getAllByLabelText('Latitude')[index]!)).toBe(true);
      expect(details.contains(screen.getAllByLabelText('Longitude')[index]!)).toBe(true);
    }
  });

  it('shows the live price, then the quote with the promo code before opening the payment', async () => {
    await show();
    fillPoint(0, { address: 'Madina', latitude: '9.5456', longitude: '-13.6566' });
    fillPoint(1, { address: 'Kaloum', latitude: '9.5092', longitude: '-13.7122' });
    // 111 × hypot(0.0364, 0.0556) ≈ 7.4 → 7 km → 12 000 GNF
    expect(screen.getByText(/12\s000 GNF/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Téléphone du destinataire'), { target: { value: '620 00 00 99' } });
    fireEvent.change(screen.getByLabelText('Code promo (facultatif)'), { target: { value: 'BIENVENUE' } });
    fetchMock
      .mockReturnValueOnce(reply(200, { distance_km: 7, estimated_price: 12000, discount: 2000, total_price: 10000, currency: 'GNF' }))
      .mockReturnValueOnce(reply(200, { paycard_mobile_money: [], mobile_money: [], card: [], cash_on_delivery: [] }));
    submit();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ promo_code: 'BIENVENUE' });
    expect(screen.getByText(/− 2\s000 GNF/)).toBeTruthy();
    expect(screen.getAllByText(/10\s000 GNF/).length).toBeGreaterThan(0);
  });

  it('sends the parcel photo as soon as it is chosen and orders with it and the package type', async () => {
    await show();
    expect((screen.getByLabelText('Type de colis') as HTMLSelectElement).value).toBe('Standard');
    fireEvent.change(screen.getByLabelText('Type de colis'), { target: { value: 'Fragile' } });

    const input = screen.getByLabelText('Photo du colis (facultatif)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'colis.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Format de fichier non autorisé. Utilisez JPG, PNG ou WebP.');
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockReturnValueOnce(reply(201, { photo_url: '/api/files/f1', file_id: 'f1' }));
    await act(async () => void fireEvent.change(input, { target: { files: [new File(['x'], 'colis.jpg', { type: 'image/jpeg' })] } }));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/upload/parcel-photo');
    expect(screen.getByText('✓ Photo du colis ajoutée')).toBeTruthy();

    fillPoint(0, { address: 'Madina', latitude: '9.5456', longitude: '-13.6566' });
    fillPoint(1, { address: 'Kaloum', latitude: '9.5092', longitude: '-13.7122' });
    fireEvent.change(screen.getByLabelText('Téléphone du destinataire'), { target: { value: '620 00 00 99' } });
    fetchMock
      .mockReturnValueOnce(reply(200, { distance_km: 7, estimated_price: 12000, discount: 0, total_price: 12000, currency: 'GNF' }))
      .mockReturnValueOnce(reply(200, { paycard_mobile_money: [], mobile_money: [], card: [], cash_on_delivery: [] }));
    submit();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('says when the photo could not be sent', async () => {
    await show();
    fetchMock.mockReturnValueOnce(reply(500, {}));
    await act(async () => void fireEvent.change(screen.getByLabelText('Photo du colis (facultatif)'), { target: { files: [new File(['x'], 'colis.png', { type: 'image/png' })] } }));
    expect(screen.getByRole('alert').textContent).toBe("Erreur lors de l'envoi de la photo du colis");
  });
});
