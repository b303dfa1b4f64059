import { describe, expect, it } from '@jest/globals';
import type { V1CreateDeliveryInput } from '@coursa/contracts/schemas';
import type { Merchant } from '../../../generated/prisma/client.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import { OrderDesk, type PricedOrder } from '../../courses/order-desk.service.js';
import { MerchantAccounts } from '../../merchants/merchant-accounts.service.js';
import { PaymentsService } from '../../payments/payments.service.js';
import { courseOrderOf, quotePointsOf } from '../v1-order.js';
import { CreateDeliveryUseCase } from './create-delivery.use-case.js';

const NOW = new Date('2026-11-27T10:00:00Z');
const MERCHANT_ID = '00000000-0000-4000-8000-0000000000b1';
const KEY_ID = '00000000-0000-4000-8000-0000000000e1';
const merchant = (changes: Partial<Merchant> = {}): Merchant => ({
  userId: MERCHANT_ID,
  businessName: 'Pharmacie du Port',
  pickupAddress: 'Port autonome, Kaloum',
  pickupLatitude: 9.5092,
  pickupLongitude: -13.7122,
  pickupInstructions: 'Guichet 2',
  pickupContactName: 'Aminata',
  pickupContactPhone: '+224620000009',
  paymentTerms: 'cash_on_delivery',
  createdAt: NOW,
  updatedAt: NOW,
  ...changes,
});
const DROPOFF = { address: 'Marché de Taouyah, Ratoma', latitude: 9.6412, longitude: -13.5784, instructions: 'Portail bleu', contact_phone: null };
const INPUT: V1CreateDeliveryInput = {
  reference: 'CMD-42',
  dropoff: DROPOFF,
  recipient_phone: '+224622000002',
  description: 'Deux boîtes',
  package_type: 'colis',
  payment_phone: null,
};
const BY_KEY: AuthUser = { id: MERCHANT_ID, role: 'client', fullName: 'Aminata Sow', apiKey: { id: KEY_ID, scopes: ['deliveries:write'] } };

describe('courseOrderOf: a delivery asked of the API as a course order', () => {
  it("takes the merchant's default pickup (address, point, instructions, contact phone) when the request gives none", () => {
    expect(courseOrderOf(merchant(), INPUT)).toEqual({
      pickup_location: { address: 'Port autonome, Kaloum', latitude: 9.5092, longitude: -13.7122, instructions: 'Guichet 2' },
      delivery_location: { address: DROPOFF.address, latitude: DROPOFF.latitude, longitude: DROPOFF.longitude, instructions: 'Portail bleu' },
      description: 'Deux boîtes',
      package_type: 'colis',
      recipient_phone: '+224622000002',
      pickup_contact_phone: '+224620000009',
      delivery_contact_phone: null,
    });
  });

  it('takes the pickup the request gives, with its own contact phone (none when it gives none)', () => {
    const pickup = { address: 'Entrepôt, Matoto', latitude: 9.57, longitude: -13.6, instructions: null, contact_phone: null };
    expect(courseOrderOf(merchant(), { ...INPUT, pickup })).toMatchObject({
      pickup_location: { address: 'Entrepôt, Matoto', latitude: 9.57, longitude: -13.6, instructions: null },
      pickup_contact_phone: null,
    });
  });

  it('quotes from the default pickup unless given one', () => {
    expect(quotePointsOf(merchant(), { dropoff: { latitude: 9.64, longitude: -13.57 } })).toEqual({
      pickup_location: { latitude: 9.5092, longitude: -13.7122 },
      delivery_location: { latitude: 9.64, longitude: -13.57 },
    });
  });
});

describe('CreateDeliveryUseCase', () => {
  function setUp(terms: Merchant['paymentTerms']) {
    const t = newTestService(CreateDeliveryUseCase, { now: NOW });
    t.mock(MerchantAccounts).require.mockResolvedValue(merchant({ paymentTerms: terms }));
    const desk = t.mock(OrderDesk);
    desk.price.mockImplementation(async (_client, order) => ({ order, price: 26_000, discount: 0, total: 26_000, recipientPhone: order.recipient_phone }) as PricedOrder);
    desk.place.mockResolvedValue({ id: 'course-1', number: 123, status: 'pending', createdAt: NOW, payment: { status: 'pending' }, courier: null, estimatedPrice: 26_000, discount: 0 } as never);
    const payments = t.mock(PaymentsService);
    payments.payWithMobileMoney.mockImplementation(async (_payer, input) => ({ status: 'initiated', order_id: input.order_id, amount: input.amount, currency: 'GNF', payment_link: undefined, prompt_phone: input.phone_number }));
    return { ...t, desk, payments };
  }

  it.each([
    ['cash_on_delivery', { kind: 'cash', orderId: expect.stringMatching(/^COD_/), amount: 26_000 }],
    ['monthly_statement', { kind: 'statement', orderId: expect.stringMatching(/^STMT_/), amount: 26_000 }],
  ] as const)('places a %s merchant\'s course at once, in the name of its shop, with its reference and key', async (terms, payment) => {
    const t = setUp(terms);
    await t.sut.execute(BY_KEY, INPUT, '197.149.1.10');
    expect(t.unitOfWork.run).toHaveBeenCalledTimes(1);
    const [orderer, , paid, options] = t.desk.place.mock.calls[0]!;
    expect(orderer).toEqual({ id: MERCHANT_ID, fullName: 'Pharmacie du Port' });
    expect(paid).toEqual(payment);
    expect(options).toMatchObject({ ip: '197.149.1.10', tx: t.tx, merchant: { reference: 'CMD-42', apiKeyId: KEY_ID }, withCreated: expect.any(Function) });
  });

  it("marks no key on an order from the merchant's session", async () => {
    const t = setUp('cash_on_delivery');
    await t.sut.execute({ id: MERCHANT_ID, role: 'client', fullName: 'Aminata Sow' }, INPUT);
    expect(t.desk.place.mock.calls[0]![3]).toMatchObject({ merchant: { reference: 'CMD-42', apiKeyId: null } });
  });

  it('starts a mobile money merchant\'s payment first, its order marked, and makes no course yet', async () => {
    const t = setUp('mobile_money');
    const answer = await t.sut.execute(BY_KEY, { ...INPUT, payment_phone: '660 00 00 07' });
    expect(t.desk.place).not.toHaveBeenCalled();
    const [payer, request, mark] = t.payments.payWithMobileMoney.mock.calls[0]!;
    expect(payer).toEqual({ id: MERCHANT_ID });
    expect(request).toMatchObject({ amount: 26_000, payment_method: 'mtn_momo', phone_number: '+224660000007', customer_name: 'Pharmacie du Port', course: courseOrderOf(merchant(), INPUT) });
    expect(mark).toEqual({ reference: 'CMD-42', apiKeyId: KEY_ID, senderName: 'Pharmacie du Port' });
    expect(answer).toMatchObject({ object: 'pending_delivery', reference: 'CMD-42', payment: { status: 'pending', amount: 26_000, payment_url: null, message: expect.stringContaining('+224660000007') } });
  });

  it('asks a mobile money merchant for a payable payment_phone (400)', async () => {
    await expect(setUp('mobile_money').sut.execute(BY_KEY, INPUT)).rejects.toMatchObject({ status: 400, code: 'PAYMENT_PHONE_REQUIRED' });
    await expect(setUp('mobile_money').sut.execute(BY_KEY, { ...INPUT, payment_phone: '+224 650 00 00 01' })).rejects.toMatchObject({ status: 400, code: 'PAYMENT_PHONE_INVALID' });
  });
});
