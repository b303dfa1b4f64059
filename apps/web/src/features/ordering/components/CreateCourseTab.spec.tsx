/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '@/test/render-with-query';


// The signed-in user and the Leaflet map are not what this test is about.
jest.unstable_mockModule('@/features/auth', () => ({
  useCurrentUser: () => ({ phone: '+224620000031', full_name: 'Fatoumata Bah', email: null }),
}));
jest.unstable_mockModule('@/components/map/PointPickerMap', () => ({ default: () => null }));
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
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('names each missing or wrong field, in order, without calling the API', async () => {
    await show();
    submit();
    expect(screen.getByRole('alert').textContent).toBe("L'adresse de retrait est obligatoire");
    fillPoint(0, { address: 'Madina', latitude: '', longitude: '-13.6566' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('La latitude et la longitude du point de retrait sont obligatoires');
    fillPoint(0, { address: 'Madina', latitude: 'nord', longitude: '-13.6566' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Les coordonnées du point de retrait doivent être des nombres');
    fillPoint(0, { address: 'Madina', latitude: '9,5456', longitude: '-13.6566' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe("L'adresse de livraison est obligatoire");
    fillPoint(1, { address: 'Kaloum', latitude: '9.5092', longitude: '-13.7122' });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Le téléphone du destinataire est obligatoire');
    fireEvent.change(screen.getByLabelText('Téléphone du destinataire'), { target: { value: '12345' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Téléphone du destinataire invalide (format +224 6XX XX XX XX)');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the live price, then the quote with the promo code before opening the payment', async () => {
    await show();
    expect(screen.getByText(/5\s000 GNF/)).toBeTruthy();
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
