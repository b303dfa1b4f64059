/** @jest-environment jsdom */
import 'fake-indexeddb/auto';
import { answer } from '@/test/fetch-answer';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { flushCourierActions, resetCourierSyncForTests } from '../offline/courier-sync';
import { OTP_LOCKED_MESSAGES, OTP_WAITING_FOR_NETWORK, OtpBlock } from './OtpBlock';

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

  it('when the last try kills the code, says it is locked and what to do, not « Code OTP incorrect », and refuses another', async () => {
    let tries = 0;
    fetchMock.mockImplementation(() => (++tries < 5 ? answer(400, { detail: 'Code invalide', code: 'OTP_INVALID' }) : answer(409, { detail: 'Trop de tentatives', code: 'OTP_LOCKED' })));
    render(<OtpBlock courseId="c1" />);
    for (let attempt = 1; attempt <= 5; attempt++) {
      fireEvent.change(input(), { target: { value: '123456' } });
      await act(async () => fireEvent.click(validate()));
      await act(() => flushCourierActions());
      if (attempt < 5) expect(screen.queryByText(OTP_LOCKED_MESSAGES.title)).toBeNull();
    }
    expect(await screen.findByText(OTP_LOCKED_MESSAGES.title)).toBeTruthy();
    expect(screen.getByText(OTP_LOCKED_MESSAGES.help)).toBeTruthy();
    fireEvent.change(input(), { target: { value: '123456' } });
    expect(validate()).toHaveProperty('disabled', true);

    // A new code lives again.
    fetchMock.mockImplementation(() => answer(200, { message: 'ok' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nouveau Code' })));
    expect(await screen.findByText('Nouveau code OTP envoyé au destinataire')).toBeTruthy();
    expect(screen.queryByText(OTP_LOCKED_MESSAGES.title)).toBeNull();
  });

  it('says the code is locked from the start when the navigation says so (after a reload)', async () => {
    render(<OtpBlock courseId="c1" lockedAtStart />);
    expect(screen.getByText(OTP_LOCKED_MESSAGES.title)).toBeTruthy();
    fireEvent.change(input(), { target: { value: '123456' } });
    expect(validate()).toHaveProperty('disabled', true);
  });

  it("says the code is locked when the server answers so (OTP_LOCKED)", async () => {
    fetchMock.mockReturnValue(answer(409, { detail: 'Trop de tentatives', code: 'OTP_LOCKED' }));
    render(<OtpBlock courseId="c1" />);
    fireEvent.change(input(), { target: { value: '123456' } });
    await act(async () => fireEvent.click(validate()));
    expect(await screen.findByText(OTP_LOCKED_MESSAGES.title)).toBeTruthy();
    expect(screen.queryByText('❌ Code OTP incorrect. Vérifiez avec le destinataire.')).toBeNull();
  });

  it('« Nouveau Code » refused for now shows its wait from Retry-After, counting down, then may be asked again', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockReturnValue(answer(429, { detail: 'Trop de tentatives.', code: 'RATE_LIMITED' }, { 'Retry-After': '45' }));
      render(<OtpBlock courseId="c1" />);
      const regenerate = () => screen.getByRole('button', { name: 'Nouveau Code' });
      await act(async () => fireEvent.click(regenerate()));
      expect(screen.getByText('Nouveau code possible dans 45 s')).toBeTruthy();
      expect(regenerate()).toHaveProperty('disabled', true);
      await act(async () => void jest.advanceTimersByTime(1000));
      expect(screen.getByText('Nouveau code possible dans 44 s')).toBeTruthy();
      for (let second = 0; second < 44; second++) await act(async () => void jest.advanceTimersByTime(1000));
      expect(screen.queryByText(/Nouveau code possible dans/)).toBeNull();
      expect(regenerate()).toHaveProperty('disabled', false);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a « Nouveau Code » refused otherwise says why instead of failing silently', async () => {
    fetchMock.mockReturnValue(answer(409, { detail: 'Cette course est terminée.', code: 'COURSE_CLOSED' }));
    render(<OtpBlock courseId="c1" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Nouveau Code' })));
    expect(await screen.findByText('Cette course est terminée.')).toBeTruthy();
  });
});
