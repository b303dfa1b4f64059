/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { StaffRefundDto, UserDto } from '@coursa/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { RefundsPanel } from './RefundsPanel';

const refund: StaffRefundDto = {
  id: 'r1',
  course_id: 'k1',
  course_number: 'CRS-000042',
  client_name: 'Fanta Camara',
  client_wallet: '+224660000001',
  amount: 12500,
  payment_provider: 'paycard',
  method: null,
  status: 'to_do',
  reference: 'REFUND-COURSE_1764064800001',
  failure_reason: null,
  phone: null,
  created_at: '2026-11-25T10:00:00Z',
  completed_at: null,
};

const signedInAs = (role: UserDto['role']) => signInForRenders({ id: 'u1', role } as UserDto);

describe('RefundsPanel', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  let confirmMock: jest.Mock<typeof window.confirm>;
  let toDo: StaffRefundDto[];
  beforeEach(() => {
    toDo = [refund];
    fetchMock = jest.fn<typeof fetch>((input) => (String(input) === '/api/admin/refunds?status=to_do' ? answer(200, { refunds: toDo, next_cursor: null }) : answer(500, {})));
    globalThis.fetch = fetchMock;
    confirmMock = jest.fn<typeof window.confirm>(() => true);
    window.confirm = confirmMock;
    signedInAs('admin');
  });
  afterEach(cleanup);

  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

  it('lists the refunds to do with the client’s wallet prefilled, and sends one after confirmation to the wallet given', async () => {
    renderWithQuery(<RefundsPanel />);
    expect(await screen.findByText('CRS-000042 · Fanta Camara')).toBeTruthy();
    expect(screen.getByText('PayCard')).toBeTruthy();
    const wallet = screen.getByLabelText('Portefeuille du client') as HTMLInputElement;
    expect(wallet.value).toBe('+224660000001');
    fireEvent.change(wallet, { target: { value: '+224 660 00 00 09' } });

    confirmMock.mockReturnValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Rembourser' }));
    expect(confirmMock).toHaveBeenCalledWith('Confirmer le remboursement de 12\u202f500 GNF à Fanta Camara sur le +224 660 00 00 09 ?');
    expect(posts()).toHaveLength(0);

    fetchMock.mockReturnValueOnce(answer(200, { message: 'Remboursement de 12 500 GNF envoyé à Fanta Camara.', refund: { ...refund, status: 'completed' } }));
    toDo = [];
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rembourser' })));
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/admin/refunds/r1/send');
    expect(JSON.parse(init!.body as string)).toEqual({ phone: '+224 660 00 00 09' });
    expect(screen.getByRole('status').textContent).toBe('Remboursement de 12 500 GNF envoyé à Fanta Camara.');
    // The list reloads: the refund sent is no longer to do.
    expect(await screen.findByText('Aucun remboursement à effectuer')).toBeTruthy();
  });

  it('shows why a refund failed, and the API’s refusal of a second click', async () => {
    toDo = [{ ...refund, failure_reason: 'MTN MoMo : NOT_ENOUGH_FUNDS' }];
    renderWithQuery(<RefundsPanel />);
    expect(await screen.findByText('MTN MoMo : NOT_ENOUGH_FUNDS')).toBeTruthy();

    fetchMock.mockReturnValueOnce(answer(409, { detail: 'Ce remboursement a déjà été envoyé ou est en cours.', code: 'REFUND_ALREADY_SENT' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rembourser' })));
    expect(screen.getByRole('alert').textContent).toBe('Ce remboursement a déjà été envoyé ou est en cours.');
  });

  it('lets support see the refunds to do, without the button to send them', async () => {
    signedInAs('support');
    renderWithQuery(<RefundsPanel />);
    expect(await screen.findByText('CRS-000042 · Fanta Camara')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rembourser' })).toBeNull();
    expect(screen.queryByLabelText('Portefeuille du client')).toBeNull();
  });
});
