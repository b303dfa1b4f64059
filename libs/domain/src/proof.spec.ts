import { describe, expect, it } from '@jest/globals';
import { canSeeFile } from './access.js';
import { proofPhotoRequired } from './proof.js';

const course = (paymentMethod: string, estimatedPrice: number, discount = 0) => ({ paymentMethod, estimatedPrice, discount, finalPrice: null });

describe('proofPhotoRequired', () => {
  it('is never required when the configuration asks for nothing', () => {
    expect(proofPhotoRequired(course('cash_on_delivery', 900_000), { requiredForCash: false, requiredAboveGnf: null })).toBe(false);
  });

  it('is required on a cash course when configured for cash, not on a course paid online', () => {
    const policy = { requiredForCash: true, requiredAboveGnf: null };
    expect(proofPhotoRequired(course('cash_on_delivery', 20_000), policy)).toBe(true);
    expect(proofPhotoRequired(course('orange_money', 20_000), policy)).toBe(false);
  });

  it('is required strictly above the price, on what the client pays after the promo', () => {
    const policy = { requiredForCash: false, requiredAboveGnf: 100_000 };
    expect(proofPhotoRequired(course('orange_money', 100_001), policy)).toBe(true);
    expect(proofPhotoRequired(course('orange_money', 100_000), policy)).toBe(false);
    expect(proofPhotoRequired(course('orange_money', 120_000, 30_000), policy)).toBe(false);
  });
});

describe('canSeeFile: a proof photo', () => {
  const theCourse = { clientId: 'client', courierId: 'courier' };
  const proof = { kind: 'proof_photo', uploadedById: 'courier', course: theCourse };

  it('goes to the course client and to staff', () => {
    expect(canSeeFile({ id: 'client', role: 'client' }, proof)).toBe(true);
    expect(canSeeFile({ id: 'someone', role: 'support' }, proof)).toBe(true);
  });

  it('goes to nobody else: another client, another courier, nor the courier who took it', () => {
    expect(canSeeFile({ id: 'other', role: 'client' }, proof)).toBe(false);
    expect(canSeeFile({ id: 'other', role: 'independent_delivery' }, proof)).toBe(false);
    expect(canSeeFile({ id: 'courier', role: 'independent_delivery' }, proof)).toBe(false);
    expect(canSeeFile({ id: 'client', role: 'client' }, { ...proof, course: null })).toBe(false);
  });
});
