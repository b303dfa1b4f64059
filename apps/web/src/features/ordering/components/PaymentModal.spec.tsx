/** @jest-environment jsdom */
import type { CreateCourseRequest } from '@coursa/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '@/test/render-with-query';
import type React from 'react';
import { PaymentModal } from './PaymentModal';


const reply = (status: number, body: unknown = {}) =>
  Promise.resolve({ status, ok: status < 300, text: () => Promise.resolve(JSON.stringify(body)), json: () => Promise.resolve(body) } as Response);

const METHODS = {
  paycard_mobile_money: [{ code: 'paycard', name: 'PayCard', currency: 'GNF', description: 'Page PayCard', prefixes: [] }],
  mobile_money: [
    { code: 'orange_money', name: 'Orange Money', currency: 'GNF', description: 'Orange', prefixes: ['62'] },
    { code: 'mtn_momo', name: 'MTN MoMo', currency: 'GNF', description: 'MTN', prefixes: ['66'] },
  ],
  card: [{ code: 'card', name: 'Carte bancaire', currency: 'USD', description: 'Visa', prefixes: [] }],
  cash_on_delivery: [{ code: 'cash_on_delivery', name: 'Paiement à la livraison', currency: 'GNF', description: 'Espèces', prefixes: [] }],
};

const COURSE: CreateCourseRequest = {
  pickup_location: { address: 'Madina', latitude: 9.5456, longitude: -13.6566 },
  delivery_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 },
  recipient_phone: '+224620000099',
};

const CUSTOMER = { phone: '+224620000031', full_name: 'Fatoumata Bah', email: null };

describe('payment modal', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  const open = (props: Partial<React.ComponentProps<typeof PaymentModal>> = {}) =>
    renderWithQuery(<PaymentModal course={COURSE} customer={CUSTOMER} amount={12000} onSuccess={() => {}} onClose={() => {}} {...props} />);

  it('says so when the methods cannot be loaded, and retries', async () => {
    fetchMock.mockReturnValueOnce(reply(500)).mockReturnValueOnce(reply(200, METHODS));
    open();
    expect(await screen.findByText('Erreur de chargement')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Orange Money')).toBeTruthy();
  });

  it('shows "Configuration en cours" for an empty list and rejects malformed data', async () => {
    fetchMock.mockReturnValueOnce(reply(200, { paycard_mobile_money: [], mobile_money: [], card: [], cash_on_delivery: [] }));
    open();
    expect(await screen.findByText('Configuration en cours')).toBeTruthy();
    cleanup();
    fetchMock.mockReturnValueOnce(reply(200, { mobile_money: 'oops' }));
    open();
    expect(await screen.findByText('Données de paiement invalides')).toBeTruthy();
  });

  it('groups the card number by 4, keeps CVV digits and needs every field', async () => {
    fetchMock.mockReturnValueOnce(reply(200, METHODS));
    open();
    fireEvent.click(await screen.findByText('Carte bancaire'));
    const number = screen.getByLabelText('Numéro de carte') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '4111111111111111999' } });
    expect(number.value).toBe('4111 1111 1111 1111');
    const cvv = screen.getByLabelText('CVV') as HTMLInputElement;
    fireEvent.change(cvv, { target: { value: '12a345' } });
    expect(cvv.value).toBe('1234');
    const submit = screen.getByRole('button', { name: 'Payer par carte' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const months = [...(screen.getByLabelText('Mois') as HTMLSelectElement).options].map((option) => option.value);
    expect(months.slice(1)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    const years = [...(screen.getByLabelText('Année') as HTMLSelectElement).options].slice(1);
    expect(years).toHaveLength(10);
    expect(years[0]!.value).toBe(String(new Date().getFullYear()));
    fireEvent.change(screen.getByLabelText('Mois'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Année'), { target: { value: years[1]!.value } });
    expect(submit.disabled).toBe(false);
  });

  it('refuses a mobile money number of the wrong operator', async () => {
    fetchMock.mockReturnValueOnce(reply(200, METHODS));
    open();
    fireEvent.click(await screen.findByText('Orange Money'));
    const phone = screen.getByLabelText('Numéro Orange Money');
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Payer avec Orange Money' }));
    expect(screen.getByText('Le numéro de téléphone est obligatoire')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '+224 660 00 00 01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Payer avec Orange Money' }));
    expect(screen.getByText("Ce numéro n'est pas un compte Orange Money (numéros 62X)")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('creates a cash course with an idempotency key, then closes 3 s after the success', async () => {
    jest.useFakeTimers();
    const onClose = jest.fn();
    const onSuccess = jest.fn();
    fetchMock.mockReturnValueOnce(reply(200, METHODS)).mockReturnValueOnce(reply(201, { id: 'c1' }));
    open({ onClose, onSuccess });
    fireEvent.click(await screen.findByText('Paiement à la livraison'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer la commande' }));
    expect(await screen.findByText('Votre course est enregistrée !')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/courses');
    expect(JSON.parse(init!.body as string)).toMatchObject({ payment_method: 'cash_on_delivery', recipient_phone: '+224620000099' });
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^COURSE_\d+$/);
    expect(onSuccess).toHaveBeenCalledWith('c1');
    act(() => jest.advanceTimersByTime(2999));
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('offers "Réessayer" when a card is declined, back to the method list', async () => {
    fetchMock
      .mockReturnValueOnce(reply(200, METHODS))
      .mockReturnValueOnce(reply(201, { status: 'failed', message: 'Carte refusée.', order_id: 'x', amount: 12000, currency: 'USD' }))
      .mockReturnValueOnce(reply(200, METHODS));
    open();
    fireEvent.click(await screen.findByText('Carte bancaire'));
    fireEvent.change(screen.getByLabelText('Numéro de carte'), { target: { value: '4000000000000002' } });
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Mois'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Année'), { target: { value: String(new Date().getFullYear() + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Payer par carte' }));
    expect(await screen.findByText('Carte refusée.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Paiement à la livraison')).toBeTruthy();
  });

  it('after a failed course creation following a payment, tells the client to contact support', async () => {
    localStorage.setItem('coursa.pending-course', JSON.stringify({ order_id: 'COURSE_1', amount: 12000, course: COURSE }));
    fetchMock
      .mockReturnValueOnce(reply(200, { order_id: 'COURSE_1', status: 'succeeded', method: 'paycard', amount: 12000, course_id: null }))
      .mockReturnValueOnce(reply(409, { detail: 'x', code: 'PAYMENT_ALREADY_USED' }));
    open({ resumeOrderId: 'COURSE_1' });
    expect(await screen.findByText('Erreur lors de la création de la course. Contactez le support.')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/payments/status/COURSE_1');
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string)).toMatchObject({ payment_reference: 'COURSE_1' });
  });

  const status = (changes: object) => reply(200, { order_id: 'x', method: 'mtn_momo', amount: 12000, course_id: null, failure_message: null, ...changes });

  it('sends the order with an MTN payment, says the prompt is on the phone, and lands on the course the server made', async () => {
    const onSuccess = jest.fn();
    fetchMock
      .mockReturnValueOnce(reply(200, METHODS))
      .mockReturnValueOnce(reply(201, { status: 'initiated', order_id: 'x', amount: 12000, currency: 'GNF', prompt_phone: '+224664000001' }))
      .mockReturnValueOnce(status({ status: 'pending' }))
      .mockReturnValueOnce(status({ status: 'succeeded', course_id: 'c1' }));
    open({ onSuccess, customer: { ...CUSTOMER, phone: '+224664000001' } });
    fireEvent.click(await screen.findByText('MTN MoMo'));
    fireEvent.click(screen.getByRole('button', { name: 'Payer avec MTN MoMo' }));
    expect(await screen.findByText(/^Confirmez le paiement sur votre téléphone \(\+224 664 00 00 01\)/)).toBeTruthy();
    const sent = JSON.parse(fetchMock.mock.calls[1]![1]!.body as string);
    expect(sent).toMatchObject({ payment_method: 'mtn_momo', amount: 12000, course: { recipient_phone: '+224620000099' } });
    expect(sent.course.payment_method).toBeUndefined();
    expect(await screen.findByText('Votre course est enregistrée !', undefined, { timeout: 5000 })).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    // The server made the course: the modal never posts one.
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/courses')).toBe(false);
  });

  it('explains a refused prompt in French and offers to try again', async () => {
    fetchMock
      .mockReturnValueOnce(reply(200, METHODS))
      .mockReturnValueOnce(reply(201, { status: 'initiated', order_id: 'x', amount: 12000, currency: 'GNF', prompt_phone: '+224664000001' }))
      .mockReturnValueOnce(status({ status: 'failed', failure_message: "Paiement refusé sur le téléphone. Aucun montant n'a été débité." }));
    open({ customer: { ...CUSTOMER, phone: '+224664000001' } });
    fireEvent.click(await screen.findByText('MTN MoMo'));
    fireEvent.click(screen.getByRole('button', { name: 'Payer avec MTN MoMo' }));
    expect(await screen.findByText("Paiement refusé sur le téléphone. Aucun montant n'a été débité.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
