/** @jest-environment jsdom */
import type { AdminMerchantDto, AdminUserDto, MerchantStatementDto } from '@coursa/contracts';
import { formatGnf, settleableFrom } from '@coursa/domain';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime } from '@/lib/format';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { MerchantsTab } from './MerchantsTab';
import { currentMonth } from './StatementPanel';

const merchant = (id: string, business: string, fields: Partial<AdminMerchantDto> = {}): AdminMerchantDto => ({
  user_id: id,
  business_name: business,
  pickup: { address: 'Madina, rue KA-020', latitude: 9.5531, longitude: -13.6578, instructions: null, contact_name: null, contact_phone: null },
  payment_terms: 'monthly_statement',
  payment_terms_label: 'Relevé mensuel',
  created_at: '2026-10-01T09:00:00.000Z',
  full_name: 'Aïssatou Sylla',
  phone: '+224620000033',
  email: null,
  month_courses: 12,
  month_amount: 96000,
  total_courses: 340,
  ...fields,
});
const PHARMACIE = merchant('m1', 'Pharmacie du Port');
const BOUTIQUE = merchant('m2', 'Boutique Kaloum', {
  payment_terms: 'cash_on_delivery',
  payment_terms_label: 'Paiement à la livraison',
  full_name: 'Mamadou Diallo',
  phone: '+224620000044',
  month_courses: 1,
  month_amount: 7000,
  total_courses: 1,
});
const CLIENT: AdminUserDto = {
  id: 'u9',
  display_id: 'USR-000009',
  full_name: 'Fatoumata Bah',
  phone: '+224620000031',
  email: null,
  role: 'client',
  is_active: true,
  created_at: '2026-09-01T09:00:00.000Z',
} as AdminUserDto;

const statement = (month: string, fields: Partial<MerchantStatementDto> = {}): MerchantStatementDto => ({
  merchant_id: 'm1',
  business_name: 'Pharmacie du Port',
  month,
  courses: [
    { id: 'c1', course_number: 'CRS-000101', reference: 'CMD-1', delivered_at: `${month}-03T10:00:00.000Z`, amount: 8000 },
    { id: 'c2', course_number: 'CRS-000102', reference: null, delivered_at: `${month}-04T10:00:00.000Z`, amount: 12000 },
  ],
  course_count: 2,
  amount: 20000,
  currency: 'GNF',
  settlement: null,
  ...fields,
});

type Route = (url: string, init: RequestInit | undefined) => Promise<Response> | undefined;
const row = (name: string) => screen.getByRole('row', { name }) as HTMLElement;
const calls = (fetchMock: jest.Mock<typeof fetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: init?.headers as Record<string, string> }));

describe('the back office’s « Marchands » (issue 40)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let route: Route;
  beforeEach(() => {
    route = () => undefined;
    fetchMock = jest.fn<typeof fetch>((input, init) => {
      const url = String(input);
      const answered = route(url, init);
      if (answered) return answered;
      if (url.startsWith('/api/admin/users')) return pageAnswer({ users: [CLIENT], next_cursor: null, total: 1 }, { total: 1 });
      return pageAnswer([PHARMACIE, BOUTIQUE], { total: 2 });
    });
    globalThis.fetch = fetchMock;
    signInForRenders({ id: 'a1', role: 'admin', full_name: 'Admin', phone: '+224620000002' });
    window.confirm = () => true;
  });
  afterEach(cleanup);

  it('lists each merchant with its account, its terms and its volume in GNF, and searches through the API', async () => {
    renderWithQuery(<MerchantsTab />);
    await screen.findByText('Pharmacie du Port');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Commerce', 'Compte', 'Conditions de paiement', 'Ce mois-ci', 'Depuis le début', 'Actions']);
    const cells = (name: string) => within(row(name)).getAllByRole('cell').slice(1, 5).map((cell) => cell.textContent);
    expect(cells('Pharmacie du Port')).toEqual(['Aïssatou Sylla+224 620 00 00 33', 'Relevé mensuel', `12 courses${formatGnf(96000)}`, '340 courses']);
    expect(cells('Boutique Kaloum')).toEqual(['Mamadou Diallo+224 620 00 00 44', 'Paiement à la livraison', `1 course${formatGnf(7000)}`, '1 course']);
    expect(screen.getByText('2 sur 2')).toBeTruthy();

    fetchMock.mockImplementation(() => pageAnswer([], { total: 0 }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un marchand' }), { target: { value: 'kaloum' } });
    expect(await screen.findByText('Aucun marchand trouvé pour « kaloum ».')).toBeTruthy();
    expect(calls(fetchMock, 'GET').at(-1)!.url).toBe('/api/admin/merchants?q=kaloum');
  });

  it('makes a client account a merchant: the account found by a search, then the profile checked with the API’s rules', async () => {
    renderWithQuery(<MerchantsTab />);
    await screen.findByText('Pharmacie du Port');
    fireEvent.click(screen.getByRole('button', { name: 'Nouveau marchand' }));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau marchand' });
    expect(within(dialog).getByRole('button', { name: 'Enregistrer' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Compte client' }), { target: { value: 'fatou' } });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Fatoumata Bah/ }));
    expect(calls(fetchMock, 'GET').at(-1)!.url).toBe('/api/admin/users?role=client&q=fatou');
    expect(within(dialog).getByText('Compte choisi : Fatoumata Bah · +224 620 00 00 31')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Nom du commerce'), { target: { value: 'Chez Fatou' } });
    fireEvent.change(within(dialog).getByLabelText('Adresse de retrait par défaut'), { target: { value: 'Bambéto, face à la station' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('La latitude doit être un nombre.');
    fireEvent.change(within(dialog).getByLabelText('Latitude'), { target: { value: '95' } });
    fireEvent.change(within(dialog).getByLabelText('Longitude'), { target: { value: '-13,6236' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('La latitude doit être comprise entre -90 et 90.');
    expect(calls(fetchMock, 'PUT')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Latitude'), { target: { value: '9.5917' } });
    expect(within(dialog).getByRole('link', { name: /Voir ce point sur la carte/ }).getAttribute('href')).toContain('mlat=9.5917&mlon=-13.6236');
    fireEvent.change(within(dialog).getByLabelText('Consignes de retrait (facultatives)'), { target: { value: 'Demander Fatou au comptoir' } });
    fireEvent.change(within(dialog).getByLabelText('Conditions de paiement'), { target: { value: 'mobile_money' } });
    route = (_url, init) => (init?.method === 'PUT' ? answer(200, { ...merchant('u9', 'Chez Fatou'), payment_terms: 'mobile_money' }) : undefined);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(calls(fetchMock, 'PUT').map(({ url, body }) => ({ url, body }))).toEqual([
      {
        url: '/api/admin/merchants/u9',
        body: {
          business_name: 'Chez Fatou',
          pickup_address: 'Bambéto, face à la station',
          pickup_latitude: 9.5917,
          pickup_longitude: -13.6236,
          pickup_instructions: 'Demander Fatou au comptoir',
          pickup_contact_name: null,
          pickup_contact_phone: null,
          payment_terms: 'mobile_money',
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('« Chez Fatou » est maintenant marchand : il trouve ses clés d’API dans « Développeurs ».');
  });

  it('changes a merchant’s profile, its fields filled, and shows a refusal in French', async () => {
    renderWithQuery(<MerchantsTab />);
    await screen.findByText('Pharmacie du Port');
    fireEvent.click(within(row('Pharmacie du Port')).getByRole('button', { name: 'Modifier : Pharmacie du Port' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier : Pharmacie du Port' });
    expect(within(dialog).queryByRole('searchbox')).toBeNull();
    expect((within(dialog).getByLabelText('Latitude') as HTMLInputElement).value).toBe('9.5531');
    expect((within(dialog).getByLabelText('Conditions de paiement') as HTMLSelectElement).value).toBe('monthly_statement');
    fireEvent.change(within(dialog).getByLabelText('Téléphone du contact (facultatif)'), { target: { value: '123' } });
    route = (_url, init) =>
      init?.method === 'PUT'
        ? answer(400, { detail: 'Téléphone du contact de retrait invalide : utilisez un numéro mobile guinéen (par exemple 620 00 00 01).', code: 'INVALID_CONTACT_PHONE' })
        : undefined;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(calls(fetchMock, 'PUT').at(-1)!.url).toBe('/api/admin/merchants/m1');
    expect(calls(fetchMock, 'PUT').at(-1)!.body.pickup_contact_phone).toBe('123');
    expect(within(dialog).getByRole('alert').textContent).toBe('Téléphone du contact de retrait invalide : utilisez un numéro mobile guinéen (par exemple 620 00 00 01).');

    route = (_url, init) => (init?.method === 'PUT' ? answer(200, PHARMACIE) : undefined);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' })));
    expect(screen.getByRole('status').textContent).toBe('Marchand « Pharmacie du Port » modifié.');
  });

  it('shows a month’s statement, and an admin marks it settled with a reference, once confirmed', async () => {
    let settled: MerchantStatementDto['settlement'] = null;
    route = (url, init) => {
      if (init?.method === 'POST') {
        settled = { settled_at: '2026-11-02T10:00:00.000Z', settled_by: 'Admin', reference: 'VIR-2026-10', amount: 20000 };
        return answer(200, statement('2026-10', { settlement: settled }));
      }
      const month = /month=(\d{4}-\d{2})/.exec(url)?.[1];
      return url.includes('/statement') ? answer(200, statement(month!, { settlement: settled })) : undefined;
    };
    renderWithQuery(<MerchantsTab />);
    await screen.findByText('Pharmacie du Port');
    fireEvent.click(within(row('Pharmacie du Port')).getByRole('button', { name: 'Relevé : Pharmacie du Port' }));
    const panel = screen.getByRole('region', { name: 'Relevé de Pharmacie du Port' });
    expect((within(panel).getByLabelText('Mois') as HTMLInputElement).value).toBe(currentMonth());
    await within(panel).findByText('CRS-000101');
    // The month under way cannot be settled yet.
    expect(within(panel).getByText(`Le mois n’est pas terminé : ce relevé pourra être réglé à partir du ${settleableFrom(currentMonth())}.`)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Marquer comme réglé' })).toBeNull();

    fireEvent.change(within(panel).getByLabelText('Mois'), { target: { value: '2026-10' } });
    const settle = await within(panel).findByRole('button', { name: 'Marquer comme réglé' });
    expect(calls(fetchMock, 'GET').at(-1)!.url).toBe('/api/admin/merchants/m1/statement?month=2026-10');
    expect(within(panel).getAllByRole('row').map((line) => line.textContent)).toEqual([
      'CourseRéférenceLivrée leMontant',
      `CRS-000101CMD-13 octobre 2026${formatGnf(8000)}`,
      `CRS-000102—4 octobre 2026${formatGnf(12000)}`,
      `Total : 2 courses${formatGnf(20000)}`,
    ]);
    expect(within(panel).getByText('Non réglé.')).toBeTruthy();

    const asked: string[] = [];
    window.confirm = (message) => (asked.push(String(message)), false);
    fireEvent.change(within(panel).getByLabelText('Référence du règlement (facultative)'), { target: { value: ' VIR-2026-10 ' } });
    fireEvent.click(settle);
    expect(asked).toEqual([`Marquer le relevé de octobre 2026 de Pharmacie du Port comme réglé (${formatGnf(20000)}, 2 courses) ?`]);
    expect(calls(fetchMock, 'POST')).toEqual([]);

    window.confirm = () => true;
    await act(async () => fireEvent.click(settle));
    const [sent] = calls(fetchMock, 'POST');
    expect(sent).toMatchObject({ url: '/api/admin/merchants/m1/statement/settle', body: { month: '2026-10', reference: 'VIR-2026-10' } });
    expect(sent!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(`Réglé le ${formatDateTime('2026-11-02T10:00:00.000Z')} par Admin : ${formatGnf(20000)} (référence VIR-2026-10).`),
    );
    expect(within(panel).queryByRole('button', { name: 'Marquer comme réglé' })).toBeNull();
  });

  it('shows a refusal to settle in French', async () => {
    route = (url, init) => {
      if (init?.method === 'POST') return answer(409, { detail: 'Le relevé de octobre 2026 est déjà réglé.', code: 'STATEMENT_ALREADY_SETTLED' });
      return url.includes('/statement') ? answer(200, statement('2026-10')) : undefined;
    };
    const { queryClient } = renderWithQuery(<MerchantsTab />);
    await screen.findByText('Pharmacie du Port');
    fireEvent.click(within(row('Pharmacie du Port')).getByRole('button', { name: 'Relevé : Pharmacie du Port' }));
    const panel = screen.getByRole('region', { name: 'Relevé de Pharmacie du Port' });
    const settle = await within(panel).findByRole('button', { name: 'Marquer comme réglé' });
    await act(async () => fireEvent.click(settle));
    expect(within(panel).getByRole('alert').textContent).toBe('Le relevé de octobre 2026 est déjà réglé.');
    // Read again after the refusal: someone else may have settled it meanwhile.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls(fetchMock, 'GET').filter((call) => call.url.includes('/statement'))).toHaveLength(2);
  });

  it('support reads statements without settling them', async () => {
    route = (url) => (url.includes('/statement') ? answer(200, statement('2026-10')) : undefined);
    signInForRenders({ id: 's1', role: 'support', full_name: 'Support', phone: '+224620000003' });
    renderWithQuery(<MerchantsTab />);
    await screen.findByText('Pharmacie du Port');
    fireEvent.click(within(row('Pharmacie du Port')).getByRole('button', { name: 'Relevé : Pharmacie du Port' }));
    const panel = screen.getByRole('region', { name: 'Relevé de Pharmacie du Port' });
    await within(panel).findByText('CRS-000101');
    expect(within(panel).getByText('Non réglé.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Marquer comme réglé' })).toBeNull();
  });

  it('a failed load says so', async () => {
    fetchMock.mockReturnValueOnce(answer(500, {}));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithQuery(<MerchantsTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les marchands pour le moment.');
  });
});
