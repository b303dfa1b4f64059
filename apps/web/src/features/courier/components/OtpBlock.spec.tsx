/** @jest-environment jsdom */
import 'fake-indexeddb/auto';
import { answer } from '@/test/fetch-answer';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { flushCourierActions, resetCourierSyncForTests } from '../offline/courier-sync';
import { OTP_WAITING_FOR_NETWORK, OtpBlock } from './OtpBlock';

describe('OtpBlock', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    resetCourierSyncForTests();
  });
  afterEach(cleanup);

  const input = () => screen.getByLabelText('Code OTP du destinataire') as HTMLInputElement;
  const validate = () => screen.getByRole('button', { name: 'Valider la livraison' });

  it('keeps digits only, at most 6, and enables validation with exactly 6', () => {
    render(<OtpBlock courseId="c1" />);
    fireEvent.change(input(), { target: { value: '12a3-4' } });
    expect(input().value).toBe('1234');
    expect(validate()).toHaveProperty('disabled', true);
    fireEvent.change(input(), { target: { value: '1234567' } });
    expect(input().value).toBe('123456');
    expect(validate()).toHaveProperty('disabled', false);
    expect(screen.getByText('Si le code est incorrect, ne remettez pas le colis et contactez le support.')).toBeTruthy();
  });

  it('shows the wrong-code message on any failure', async () => {
    fetchMock.mockReturnValue(answer(400, { detail: 'Code invalide', code: 'OTP_INVALID' }));
    render(<OtpBlock courseId="c1" />);
    fireEvent.change(input(), { target: { value: '123456' } });
    await act(async () => fireEvent.click(validate()));
    expect(await screen.findByText('❌ Code OTP incorrect. Vérifiez avec le destinataire.')).toBeTruthy();
  });

  it('on success shows the message and clears the input; the code went with its own key and the time it was entered', async () => {
    fetchMock.mockReturnValue(answer(200, { message: 'ok' }));
    render(<OtpBlock courseId="c1" />);
    fireEvent.change(input(), { target: { value: '654321' } });
    await act(async () => fireEvent.click(validate()));
    expect(await screen.findByText('🎉 Livraison validée avec succès !')).toBeTruthy();
    expect(input().value).toBe('');
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/delivery/course/c1/verify-otp');
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^offline-/);
    expect(JSON.parse(String(init?.body))).toEqual({ otp: '654321', occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('without network the code waits on the phone, then is checked when the network returns and its answer shows', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<OtpBlock courseId="c1" />);
    fireEvent.change(input(), { target: { value: '654321' } });
    await act(async () => fireEvent.click(validate()));
    expect(await screen.findByText(OTP_WAITING_FOR_NETWORK)).toBeTruthy();
    expect(screen.queryByText('❌ Code OTP incorrect. Vérifiez avec le destinataire.')).toBeNull();

    fetchMock.mockReturnValue(answer(400, { detail: 'Code invalide', code: 'OTP_INVALID' }));
    await act(() => flushCourierActions());
    expect(await screen.findByText('❌ Code OTP incorrect. Vérifiez avec le destinataire.')).toBeTruthy();
    expect(screen.queryByText(OTP_WAITING_FOR_NETWORK)).toBeNull();
    const keys = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends nothing to support when the issue is empty', async () => {
    render(<OtpBlock courseId="c1" askIssue={() => '   '} />);
    fireEvent.click(screen.getByRole('button', { name: 'Support' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records a support request and announces a new code', async () => {
    fetchMock.mockImplementation(() => answer(200, {}));
    render(<OtpBlock courseId="c1" askIssue={() => 'Destinataire absent'} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Support' })));
    expect(
      await screen.findByText('Demande de support enregistrée. Notre équipe vous contactera rapidement.'),
    ).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toMatch(/^\/api\/delivery\/course\/c1\/contact-support\?issue=Destinataire%20absent&occurred_at=/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nouveau Code' })));
    expect(await screen.findByText('Nouveau code OTP envoyé au destinataire')).toBeTruthy();
  });
});
