/** @jest-environment jsdom */
import 'fake-indexeddb/auto';
import { KYC_MESSAGES, PROOF_MESSAGES } from '@coursa/domain';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { flushCourierActions, resetCourierSyncForTests } from '../offline/courier-sync';
import { OtpBlock } from './OtpBlock';
import { PROOF_WAITING_FOR_NETWORK, proofPhotoLabel } from './ProofPhotoStep';

describe('the proof photo at the door (OtpBlock)', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
    resetCourierSyncForTests();
  });
  afterEach(cleanup);

  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2])], 'porte.jpg', { type: 'image/jpeg' });
  const take = (file: File, required = true) => {
    fireEvent.change(screen.getByLabelText(proofPhotoLabel(required)), { target: { files: [file] } });
  };

  it('says when the photo is required, sends it to the course at once, and says it is kept', async () => {
    fetchMock.mockReturnValue(answer(201, { photo_url: '/api/files/f1', file_id: 'f1' }));
    render(<OtpBlock courseId="c1" proof={{ required: true, taken: false }} />);
    await act(async () => take(photo()));
    expect(await screen.findByText(`✓ ${PROOF_MESSAGES.saved}`)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/delivery/course/c1/proof-photo');
    expect((init?.body as FormData).get('file')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo de la remise prise sur ce téléphone' })).toBeTruthy();
  });

  it('taken without network, the photo waits on the phone and goes when the network returns', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<OtpBlock courseId="c1" proof={{ required: false, taken: false }} />);
    await act(async () => take(photo(), false));
    expect(await screen.findByText(PROOF_WAITING_FOR_NETWORK)).toBeTruthy();

    fetchMock.mockReturnValue(answer(201, { photo_url: '/api/files/f1', file_id: 'f1' }));
    await act(() => flushCourierActions());
    expect(await screen.findByText(`✓ ${PROOF_MESSAGES.saved}`)).toBeTruthy();
    expect(screen.queryByText(PROOF_WAITING_FOR_NETWORK)).toBeNull();
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/delivery/course/c1/proof-photo');
  });

  it('refuses a file that is not a photo before sending it', async () => {
    render(<OtpBlock courseId="c1" proof={{ required: true, taken: false }} />);
    await act(async () => take(new File(['%PDF'], 'bon.pdf', { type: 'application/pdf' })));
    expect(await screen.findByText(KYC_MESSAGES.photoFormat)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a code refused for the missing photo says so, not « code incorrect »', async () => {
    fetchMock.mockReturnValue(answer(422, { detail: PROOF_MESSAGES.required, code: 'PROOF_PHOTO_REQUIRED' }));
    render(<OtpBlock courseId="c1" proof={{ required: true, taken: false }} />);
    fireEvent.change(screen.getByLabelText('Code OTP du destinataire'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Valider la livraison' })));
    expect(await screen.findByText(PROOF_MESSAGES.required)).toBeTruthy();
    expect(screen.queryByText('❌ Code OTP incorrect. Vérifiez avec le destinataire.')).toBeNull();

    // Once the photo is kept, the refusal is gone.
    fetchMock.mockReturnValue(answer(201, { photo_url: '/api/files/f1', file_id: 'f1' }));
    await act(async () => take(photo()));
    expect(await screen.findByText(`✓ ${PROOF_MESSAGES.saved}`)).toBeTruthy();
    expect(screen.queryByText(PROOF_MESSAGES.required)).toBeNull();
  });
});
