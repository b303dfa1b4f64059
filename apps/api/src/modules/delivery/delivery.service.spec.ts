import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DELIVERY_MESSAGES, OTP_MAX_ATTEMPTS, PROOF_MESSAGES, type CourseStatus } from '@coursa/domain';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { DeliveryService, PROOF_PHOTOS_PER_COURSE } from './delivery.service.js';

const COURIER: AuthUser = { id: '00000000-0000-4000-8000-00000000d001', role: 'independent_delivery', fullName: 'Ousmane Bangoura' };
const COURSE_ID = '00000000-0000-4000-8000-0000000c0001';
const GOOD_CODE = '123456';

/** Codes are compared against their "hash": here the code itself, reversed, so a plain comparison would fail. */
const hasher = { hash: (value: string) => [...value].reverse().join(''), matches: (value: string, hash: string) => [...value].reverse().join('') === hash };

/** The transaction the fake unit of work hands out. */
const TX = { transaction: true };

function setUp(status: CourseStatus = 'en_route_delivery', proofConfig: { PROOF_PHOTO_REQUIRED_FOR_CASH?: boolean; PROOF_PHOTO_REQUIRED_ABOVE_GNF?: number } = {}) {
  let attempts = 0;
  const stored = {
    id: COURSE_ID,
    status,
    courierId: COURIER.id,
    otpHash: hasher.hash(GOOD_CODE),
    deliveryLatitude: 9.5092,
    deliveryLongitude: -13.7122,
    createdAt: new Date('2026-11-25T09:00:00Z'),
    client: { fullName: 'Fatoumata Bah', phone: '+224620000031' },
    paymentMethod: 'cash_on_delivery',
    estimatedPrice: 26_000,
    discount: 0,
    finalPrice: null,
    proofPhotoFileId: null as string | null,
  };
  // The course's proof photo as the real repository locks it: the file and its fingerprint.
  const proofRow = { status: status as CourseStatus, proofPhotoFileId: null as string | null, proofSha256: null as string | null };
  const files = {
    storePhoto: jest.fn(async (kind: string, upload: { sha256: string } | undefined) => ({ kind, storageKey: `proofs/${upload!.sha256}`, mimeType: 'image/jpeg', sizeBytes: 10, sha256: upload!.sha256 })),
    recordPhoto: jest.fn(async (_tx: unknown, _user: unknown, photo: { sha256: string }, _ip: string) => ({ id: `file-${photo.sha256}` })),
    discardPhoto: jest.fn(async (..._args: unknown[]) => {}),
  };
  const limiter = { hit: jest.fn(async (..._args: unknown[]) => {}) };
  const positions = { latest: jest.fn(async (): Promise<unknown> => null), lastAccepted: jest.fn(async (): Promise<unknown> => null) };
  const repository = {
    findForCourier: jest.fn(async (id: string, courierId: string) => (id === COURSE_ID && courierId === COURIER.id ? stored : null)),
    findForCourierWithClient: jest.fn(async (id: string, courierId: string) => (id === COURSE_ID && courierId === COURIER.id ? stored : null)),
    // The real one is a conditional UPDATE … otp_attempts < max: counted before the comparison, atomically.
    reserveOtpAttempt: jest.fn(async (_id: string, _courierId: string, max: number) => (attempts < max ? ++attempts : null)),
    isAvailable: jest.fn(async () => true),
    wasCourierOf: jest.fn(async (_id: string, _courierId: string) => false),
    flagHandover: jest.fn(async (..._args: unknown[]) => {}),
    lockForProof: jest.fn(async () => ({ ...proofRow })),
    setProofPhoto: jest.fn(async (_tx: unknown, _id: string, fileId: string) => {
      proofRow.proofPhotoFileId = fileId;
      proofRow.proofSha256 = fileId.replace('file-', '');
    }),
    // The place book knows the pickup's place; the delivery's was hidden by staff since (issue 39).
    shownPlaces: jest.fn(async (ids: readonly (string | null)[]) => new Map(ids.includes('place-market') ? [['place-market', { name: 'Marché Madina', instructions: 'Entrée côté pharmacie' }]] : [])),
  };
  const reportIncident = { execute: jest.fn(async (..._args: unknown[]) => ({ message: 'Incident signalé : le support va vous contacter.', support_request_id: 'case-1' })) };
  const lifecycle = { moveSeen: jest.fn(async (..._args: unknown[]) => ({ ok: true, course: { ...stored, status: 'delivered' } }) as const) };
  const service = new DeliveryService(
    repository as never,
    lifecycle as never,
    { rateFor: () => 0.7 } as never,
    limiter as never,
    { digits: () => '654321', token: () => 'tok' } as never,
    hasher as never,
    { now: () => new Date('2026-11-25T10:00:00Z') } as never,
    { join: jest.fn(), leave: jest.fn() } as never,
    { isOverCashCap: async () => false, balancesOf: async () => ({ cash_owed: 0 }) } as never,
    positions as never,
    { COURIER_CASH_CAP_GNF: 500_000, DISPATCH_RADIUS_KM: 3, DISPATCH_DELAY_MS: 60_000, HANDOVER_MAX_DISTANCE_M: 300, HANDOVER_POSITION_MAX_AGE_S: 180, ...proofConfig } as never,
    { add: jest.fn(async () => {}) } as never,
    { record: jest.fn(async () => {}) } as never,
    { run: (work: (tx: object) => Promise<unknown>) => work(TX) } as never,
    files as never,
    reportIncident as never,
  );
  return { service, repository, lifecycle, positions, files, stored, limiter, reportIncident, attempts: () => attempts };
}

describe('DeliveryService.verifyOtp (the handover)', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('the right code delivers through the lifecycle, with the code as proof', async () => {
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, '10.0.0.9')).resolves.toEqual({ message: DELIVERY_MESSAGES.otpDelivered });
    expect(t.lifecycle.moveSeen).toHaveBeenCalledWith(expect.objectContaining({ id: COURSE_ID }), 'delivered', { id: COURIER.id, role: COURIER.role, ip: '10.0.0.9' }, { proofs: ['delivery_code'] });
  });

  it('a wrong code is refused in French and delivers nothing', async () => {
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, '000000')).rejects.toMatchObject({ status: 400, code: 'OTP_INVALID', detail: DELIVERY_MESSAGES.otpWrong });
    expect(t.lifecycle.moveSeen).not.toHaveBeenCalled();
  });

  it(`the ${OTP_MAX_ATTEMPTS}th wrong try says the code is locked; then even the right code is refused (OTP_LOCKED) until a new code`, async () => {
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) await expect(t.service.verifyOtp(COURIER, COURSE_ID, '000000')).rejects.toMatchObject({ code: 'OTP_INVALID' });
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, '000000')).rejects.toMatchObject({ status: 409, code: 'OTP_LOCKED' });
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).rejects.toMatchObject({ status: 409, code: 'OTP_LOCKED' });
    expect(t.attempts()).toBe(OTP_MAX_ATTEMPTS);
    expect(t.lifecycle.moveSeen).not.toHaveBeenCalled();
  });

  it('every try is counted before the comparison, the right one too', async () => {
    await t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE);
    expect(t.repository.reserveOtpAttempt).toHaveBeenCalledWith(COURSE_ID, COURIER.id, OTP_MAX_ATTEMPTS);
    expect(t.attempts()).toBe(1);
  });

  it('a code before the course is on its way to the recipient is not expected, and costs no try', async () => {
    t = setUp('collected');
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).rejects.toMatchObject({ status: 409, code: 'OTP_NOT_EXPECTED' });
    expect(t.repository.reserveOtpAttempt).not.toHaveBeenCalled();
  });

  it('someone else’s course, or an id that is not one, is a 404 as if it did not exist', async () => {
    const other = { ...COURIER, id: '00000000-0000-4000-8000-00000000d002' };
    await expect(t.service.verifyOtp(other, COURSE_ID, GOOD_CODE)).rejects.toMatchObject({ status: 404, code: 'COURSE_NOT_FOUND' });
    await expect(t.service.verifyOtp(COURIER, 'not-a-uuid', GOOD_CODE)).rejects.toMatchObject({ status: 404 });
    expect(t.repository.reserveOtpAttempt).not.toHaveBeenCalled();
  });

  it('when staff closed the course between the check and the handover, the courier is told the code is no longer expected', async () => {
    t.lifecycle.moveSeen.mockResolvedValueOnce({ ok: false, refusal: 'stale', status: 'cancelled' } as never);
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).rejects.toMatchObject({ code: 'OTP_NOT_EXPECTED' });
  });
});

describe('DeliveryService.updateStatus', () => {
  it('asks the lifecycle and says why it refused: the handover needs the code, other moves are invalid steps', async () => {
    const t = setUp('en_route_delivery');
    t.lifecycle.moveSeen.mockResolvedValueOnce({ ok: false, refusal: 'needs_delivery_code', status: 'en_route_delivery' } as never);
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'delivered')).rejects.toMatchObject({ code: 'DELIVERY_NEEDS_OTP' });
    t.lifecycle.moveSeen.mockResolvedValueOnce({ ok: false, refusal: 'not_allowed', status: 'en_route_delivery' } as never);
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'assigned')).rejects.toMatchObject({
      code: 'INVALID_STATUS_TRANSITION',
      detail: 'Étape impossible : la course est « En route (livraison) ».',
    });
  });

  it('an unknown status is a 400 before anything is read', async () => {
    const t = setUp();
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'teleported')).rejects.toMatchObject({ status: 400, code: 'INVALID_STATUS' });
    expect(t.repository.findForCourier).not.toHaveBeenCalled();
  });
});

describe('actions made offline, sent later with occurred_at', () => {
  const NOW = new Date('2026-11-25T10:00:00Z');
  const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

  it('a step passes the device time to the lifecycle, and its refusal of the time is a 400 in French', async () => {
    const t = setUp('en_route_pickup');
    t.lifecycle.moveSeen.mockResolvedValueOnce({ ok: true, course: {} } as never);
    await t.service.updateStatus(COURIER, COURSE_ID, 'collected', undefined, minutes(-5));
    expect(t.lifecycle.moveSeen).toHaveBeenCalledWith(expect.objectContaining({ id: COURSE_ID }), 'collected', expect.anything(), { occurredAt: minutes(-5) });
    t.lifecycle.moveSeen.mockResolvedValueOnce({ ok: false, refusal: 'in_future', status: 'en_route_pickup' } as never);
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'collected', undefined, minutes(10))).rejects.toMatchObject({
      status: 400,
      code: 'OCCURRED_AT_IN_FUTURE',
    });
    t.lifecycle.moveSeen.mockResolvedValueOnce({ ok: false, refusal: 'before_previous_step', status: 'en_route_pickup' } as never);
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'collected', undefined, minutes(-600))).rejects.toMatchObject({
      status: 400,
      code: 'OCCURRED_AT_BEFORE_PREVIOUS_STEP',
    });
  });

  it('a step the course has already reached answers as done and moves nothing', async () => {
    const t = setUp('collected');
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'collected')).resolves.toEqual({
      message: 'Statut mis à jour.',
      status: 'collected',
      status_label: 'Colis récupéré',
    });
    expect(t.lifecycle.moveSeen).not.toHaveBeenCalled();
  });

  it('a code entered offline at an implausible time is refused before it costs a try', async () => {
    const t = setUp('en_route_delivery');
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, undefined, minutes(5))).rejects.toMatchObject({ status: 400, code: 'OCCURRED_AT_IN_FUTURE' });
    // Issue 34: before the course existed (a phone whose clock went back to 1970).
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, undefined, new Date(0))).rejects.toMatchObject({
      status: 400,
      code: 'OCCURRED_AT_BEFORE_COURSE',
      detail: "L'heure de l'action (occurred_at) précède la création de la course : vérifiez l'heure du téléphone.",
    });
    expect(t.attempts()).toBe(0);
    await t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, undefined, minutes(-1));
    expect(t.lifecycle.moveSeen).toHaveBeenCalledWith(expect.objectContaining({ id: COURSE_ID }), 'delivered', expect.anything(), { proofs: ['delivery_code'], occurredAt: minutes(-1) });
  });

  it('a wrong code entered offline is checked when it arrives, and counts', async () => {
    const t = setUp('en_route_delivery');
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, '000000', undefined, minutes(-1))).rejects.toMatchObject({ code: 'OTP_INVALID' });
    expect(t.attempts()).toBe(1);
  });
});

describe('DeliveryService.verifyOtp, where the handover happened (issue 24)', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  /** The courier's last accepted fix, measured by the phone `measuredAgoMs` before it reached the server `ageMs` ago. */
  const at = (latitude: number, ageMs = 10_000, measuredAgoMs = ageMs) => ({ latitude, longitude: -13.7122, ms: now - measuredAgoMs, receivedMs: now - ageMs });

  it('delivers a handover at the door and flags nothing', async () => {
    const t = setUp();
    t.positions.lastAccepted.mockResolvedValue(at(9.5093));
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).resolves.toEqual({ message: DELIVERY_MESSAGES.otpDelivered });
    expect(t.repository.flagHandover).not.toHaveBeenCalled();
  });

  it('delivers a handover 3 km away but flags it, with the distance and the position\'s age', async () => {
    const t = setUp();
    t.positions.lastAccepted.mockResolvedValue(at(9.5092 + 3 / 111));
    await t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, '10.0.0.9');
    expect(t.lifecycle.moveSeen).toHaveBeenCalled();
    expect(t.repository.flagHandover).toHaveBeenCalledWith(COURSE_ID, expect.objectContaining({ id: COURIER.id, ip: '10.0.0.9' }), {
      kind: 'far_handover',
      distance_m: 3000,
      position_age_s: 10,
    });
  });

  it("judges the position's age by the server's clock (issue 34), not by the occurred_at the phone sends", async () => {
    // At the door, but that position reached the server 10 minutes ago: an occurred_at picked to match it changes nothing.
    const t = setUp();
    t.positions.lastAccepted.mockResolvedValue(at(9.5093, 600_000));
    await t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, undefined, new Date(now - 600_000 + 60_000));
    expect(t.repository.flagHandover).toHaveBeenCalledWith(COURSE_ID, expect.anything(), { kind: 'no_recent_position', position_age_s: 600 });
  });

  it('a code entered offline and replayed late stands, judged by the positions that arrived with it', async () => {
    // Measured at the door 8 minutes ago through a drop, received in the batch just before the replayed code.
    const t = setUp();
    t.positions.lastAccepted.mockResolvedValue(at(9.5093, 2_000, 8 * 60_000));
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE, undefined, new Date(now - 8 * 60_000))).resolves.toEqual({ message: DELIVERY_MESSAGES.otpDelivered });
    expect(t.repository.flagHandover).not.toHaveBeenCalled();
  });

  it('flags a handover with no live position', async () => {
    const t = setUp();
    await t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE);
    expect(t.repository.flagHandover).toHaveBeenCalledWith(COURSE_ID, expect.anything(), { kind: 'no_recent_position', position_age_s: null });
  });

  it('flags nothing when the code is refused', async () => {
    const t = setUp();
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, '000000')).rejects.toMatchObject({ code: 'OTP_INVALID' });
    expect(t.repository.flagHandover).not.toHaveBeenCalled();
  });
});

describe('DeliveryService.contactSupport with occurred_at (issue 34)', () => {
  it('refuses a time before the course existed (1970) or in the future, in French, and stores nothing', async () => {
    const t = setUp();
    const createSupportRequest = jest.fn(async (..._args: unknown[]) => ({ id: 'request-1' }));
    Object.assign(t.repository, { createSupportRequest });
    await expect(t.service.contactSupport(COURIER, COURSE_ID, 'Colis abîmé', new Date(0))).rejects.toMatchObject({ status: 400, code: 'OCCURRED_AT_BEFORE_COURSE' });
    await expect(t.service.contactSupport(COURIER, COURSE_ID, 'Colis abîmé', new Date('2026-11-25T10:05:00Z'))).rejects.toMatchObject({ code: 'OCCURRED_AT_IN_FUTURE' });
    expect(createSupportRequest).not.toHaveBeenCalled();
    await t.service.contactSupport(COURIER, COURSE_ID, 'Colis abîmé', new Date('2026-11-25T09:30:00Z'));
    expect(createSupportRequest).toHaveBeenCalledWith(TX, COURSE_ID, COURIER.id, 'Colis abîmé', new Date('2026-11-25T09:30:00Z'));
  });
});

describe('what couriers are told of a course\'s money (issue 34)', () => {
  const base = {
    number: 7,
    estimatedPrice: 28_000,
    discount: 2_000,
    finalPrice: null,
    paymentMethod: 'cash_on_delivery',
    pickupAddress: 'Madina',
    pickupLatitude: 9.5456,
    pickupLongitude: -13.6566,
    pickupInstructions: null,
    deliveryAddress: 'Kaloum',
    deliveryLatitude: 9.5092,
    deliveryLongitude: -13.7122,
    deliveryInstructions: null,
    description: null,
    packageType: null,
    createdAt: new Date('2026-11-25T09:00:00Z'),
    distanceM: null,
  };

  it('offers a cash course at the price after the promo, with the commission on it, the cash to collect and the trip', async () => {
    const t = setUp();
    Object.assign(t.repository, { listPending: jest.fn(async () => ({ rows: [{ ...base, id: COURSE_ID }], nextCursor: null })) });
    const [offer] = (await t.service.availableCourses(COURIER, { limit: 20 } as never)).courses;
    expect(offer).toMatchObject({ estimated_price: 28_000, price_to_pay: 26_000, earnings: Math.floor(26_000 * 0.7), cash_to_collect: 26_000, trip_km: 7.4 });
  });

  it('shows no gain for a course staff closed as delivered, the commission for one handed over, nothing for a cancelled one', async () => {
    const t = setUp();
    const course = (id: string, status: string, commission: { amount: number } | null) => ({
      ...base,
      id,
      status,
      commission,
      finalPrice: status === 'delivered' ? 26_000 : null,
      updatedAt: base.createdAt,
      clientId: COURIER.id,
      courierId: COURIER.id,
      recipientPhone: '+224620000032',
      photoUrl: null,
      pickupContactPhone: null,
      deliveryContactPhone: null,
      pickupTime: null,
      deliveryTime: null,
      otpHash: null,
      payment: null,
      client: { fullName: 'Fatoumata Bah', phone: '+224620000031' },
    });
    const rows = [course('a', 'delivered', null), course('b', 'delivered', { amount: 18_200 }), course('c', 'cancelled', null), course('d', 'collected', null)];
    Object.assign(t.repository, { history: jest.fn(async () => ({ rows, nextCursor: null, total: 4 })) });
    const { deliveries } = await t.service.history(COURIER, {} as never);
    expect(deliveries.map((delivery) => [delivery.id, delivery.earnings, delivery.cash_to_collect])).toEqual([
      ['a', null, 26_000],
      ['b', 18_200, 26_000],
      ['c', 0, 26_000],
      ['d', Math.floor(26_000 * 0.7), 26_000],
    ]);
  });
});


describe('DeliveryService: the proof photo at the door (issue 37)', () => {
  const upload = (sha256: string) => ({ sha256 }) as never;

  it('is kept with the course through the files module, and answers its address', async () => {
    const t = setUp();
    await expect(t.service.proofPhoto(COURIER, COURSE_ID, upload('aaa'), '10.0.0.9')).resolves.toEqual({ photo_url: '/api/files/file-aaa', file_id: 'file-aaa' });
    expect(t.files.storePhoto).toHaveBeenCalledWith('proof_photo', upload('aaa'));
    // Counted per course before the upload is read: retakes are limited, the disk is not filled.
    expect(t.limiter.hit).toHaveBeenCalledWith([PROOF_PHOTOS_PER_COURSE, COURSE_ID]);
    expect(t.files.recordPhoto).toHaveBeenCalledWith(TX, COURIER, expect.objectContaining({ sha256: 'aaa' }), '10.0.0.9');
    expect(t.repository.setProofPhoto).toHaveBeenCalledWith(TX, COURSE_ID, 'file-aaa');
    expect(t.files.discardPhoto).not.toHaveBeenCalled();
  });

  it('the same photo sent again answers the file the course has, and drops the second copy', async () => {
    const t = setUp();
    await t.service.proofPhoto(COURIER, COURSE_ID, upload('aaa'), '10.0.0.9');
    await expect(t.service.proofPhoto(COURIER, COURSE_ID, upload('aaa'), '10.0.0.9')).resolves.toEqual({ photo_url: '/api/files/file-aaa', file_id: 'file-aaa' });
    expect(t.files.recordPhoto).toHaveBeenCalledTimes(1);
    expect(t.files.discardPhoto).toHaveBeenCalledTimes(1);
  });

  it('a new photo replaces the last one', async () => {
    const t = setUp();
    await t.service.proofPhoto(COURIER, COURSE_ID, upload('aaa'), '10.0.0.9');
    await expect(t.service.proofPhoto(COURIER, COURSE_ID, upload('bbb'), '10.0.0.9')).resolves.toMatchObject({ file_id: 'file-bbb' });
    expect(t.repository.setProofPhoto).toHaveBeenLastCalledWith(TX, COURSE_ID, 'file-bbb');
  });

  it('is refused before the door (409) and on a course not theirs (404), without reading the upload', async () => {
    const t = setUp('collected');
    await expect(t.service.proofPhoto(COURIER, COURSE_ID, upload('aaa'), '10.0.0.9')).rejects.toMatchObject({ status: 409, code: 'PROOF_PHOTO_NOT_EXPECTED', detail: PROOF_MESSAGES.notExpected });
    await expect(t.service.proofPhoto(COURIER, '00000000-0000-4000-8000-0000000c0002', upload('aaa'), '10.0.0.9')).rejects.toMatchObject({ status: 404 });
    expect(t.files.storePhoto).not.toHaveBeenCalled();
  });

  it('required for cash and missing: the code is refused (422) before a try is spent', async () => {
    const t = setUp('en_route_delivery', { PROOF_PHOTO_REQUIRED_FOR_CASH: true });
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).rejects.toMatchObject({ status: 422, code: 'PROOF_PHOTO_REQUIRED', detail: PROOF_MESSAGES.required });
    expect(t.attempts()).toBe(0);
    expect(t.lifecycle.moveSeen).not.toHaveBeenCalled();
  });

  it('required above a price: refused on a dearer course without it, accepted once the photo is kept', async () => {
    const t = setUp('en_route_delivery', { PROOF_PHOTO_REQUIRED_ABOVE_GNF: 20_000 });
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).rejects.toMatchObject({ code: 'PROOF_PHOTO_REQUIRED' });
    t.stored.proofPhotoFileId = 'file-aaa';
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).resolves.toEqual({ message: DELIVERY_MESSAGES.otpDelivered });
  });

  it('not required by the configuration: the code alone hands over', async () => {
    const t = setUp('en_route_delivery', { PROOF_PHOTO_REQUIRED_FOR_CASH: false, PROOF_PHOTO_REQUIRED_ABOVE_GNF: 30_000 });
    await expect(t.service.verifyOtp(COURIER, COURSE_ID, GOOD_CODE)).resolves.toEqual({ message: DELIVERY_MESSAGES.otpDelivered });
  });
});

describe('DeliveryService: hand-back and incidents (issue 38)', () => {
  it('hands a course back through the lifecycle with its reason, as the proof the move needs', async () => {
    const t = setUp('assigned');
    await expect(t.service.handBack(COURIER, COURSE_ID, { reason: 'sender_absent' }, '10.0.0.9')).resolves.toEqual({
      message: 'Course rendue : elle est proposée à nouveau aux livreurs.',
    });
    expect(t.lifecycle.moveSeen).toHaveBeenCalledWith(expect.objectContaining({ id: COURSE_ID }), 'pending', { id: COURIER.id, role: COURIER.role, ip: '10.0.0.9' }, { reason: 'Expéditeur absent', proofs: ['hand_back_reason'] });
  });

  it('wants words for « Autre », and refuses a hand-back once the parcel is collected', async () => {
    await expect(setUp('assigned').service.handBack(COURIER, COURSE_ID, { reason: 'other' })).rejects.toMatchObject({ status: 400, code: 'HAND_BACK_REASON_REQUIRED' });
    const collected = setUp('collected');
    await expect(collected.service.handBack(COURIER, COURSE_ID, { reason: 'too_far' })).rejects.toMatchObject({ status: 409, code: 'HAND_BACK_TOO_LATE' });
    expect(collected.lifecycle.moveSeen).not.toHaveBeenCalled();
  });

  it('tells a courier who lost the course so, in French, rather than « introuvable »', async () => {
    const t = setUp('en_route_pickup');
    t.repository.findForCourier.mockResolvedValue(null);
    t.repository.wasCourierOf.mockResolvedValue(true);
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'collected')).rejects.toMatchObject({ status: 409, code: 'COURSE_NO_LONGER_YOURS', detail: expect.stringContaining('ne vous est plus confiée') });
    t.repository.wasCourierOf.mockResolvedValue(false);
    await expect(t.service.updateStatus(COURIER, COURSE_ID, 'collected')).rejects.toMatchObject({ status: 404 });
  });

  it('reports an incident with the position the phone sent, else the last one the server accepted', async () => {
    const t = setUp('collected');
    await t.service.incident(COURIER, COURSE_ID, { kind: 'accident', latitude: 9.51, longitude: -13.7 });
    expect(t.reportIncident.execute.mock.calls[0]![2]).toMatchObject({ kind: 'accident', position: { latitude: 9.51, longitude: -13.7 } });
    t.positions.lastAccepted.mockResolvedValue({ latitude: 9.6, longitude: -13.6, ms: Date.parse('2026-11-25T09:59:30Z'), receivedMs: 0 });
    await t.service.incident(COURIER, COURSE_ID, { kind: 'parcel_refused' });
    expect(t.reportIncident.execute.mock.calls[1]![2]).toMatchObject({ position: { latitude: 9.6, longitude: -13.6, at: new Date('2026-11-25T09:59:30Z') } });
  });
});

describe('DeliveryService.navigation: the known places the client chose (issue 39)', () => {
  it('names each end\'s place with its usual instructions, none for a place hidden since or not chosen', async () => {
    const t = setUp('assigned');
    Object.assign(t.stored, { number: 317, pickupAddress: 'Madina', pickupLatitude: 9.5456, pickupLongitude: -13.6566, deliveryAddress: 'Kaloum', pickupPlaceId: 'place-market', deliveryPlaceId: 'place-hidden' });
    const navigation = await t.service.navigation(COURIER, COURSE_ID);
    expect(navigation).toMatchObject({ pickup_place: { name: 'Marché Madina', instructions: 'Entrée côté pharmacie' }, delivery_place: null });
    expect(t.repository.shownPlaces).toHaveBeenCalledWith(['place-market', 'place-hidden']);

    Object.assign(t.stored, { pickupPlaceId: null, deliveryPlaceId: null });
    await expect(t.service.navigation(COURIER, COURSE_ID)).resolves.toMatchObject({ pickup_place: null, delivery_place: null });
  });
});
