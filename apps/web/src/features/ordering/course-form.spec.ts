import { describe, expect, it } from '@jest/globals';
import {
  COURSE_FORM_MESSAGES,
  courseFormProblem,
  emptyCourseForm,
  livePrice,
  toCourseRequest,
  unplacedPoint,
  type CourseFormValues,
} from './course-form';

const filled = (changes: Partial<CourseFormValues> = {}): CourseFormValues => ({
  ...emptyCourseForm(),
  pickup: { address: 'Madina', latitude: '9,5456', longitude: '-13.6566', instructions: '', contactPhone: '', placeId: null },
  delivery: { address: 'Kaloum', latitude: '9.5092', longitude: '-13.7122', instructions: 'Portail bleu', contactPhone: '', placeId: null },
  recipientPhone: '620 00 00 99',
  ...changes,
});

describe('toCourseRequest', () => {
  it('orders a Standard parcel without a photo by default', () => {
    const request = toCourseRequest(filled());
    expect(request).toMatchObject({ package_type: 'Standard', pickup_location: { latitude: 9.5456 }, delivery_location: { instructions: 'Portail bleu' } });
    expect(request).not.toHaveProperty('photo_url');
  });

  it('carries the package type chosen and the uploaded photo', () => {
    expect(toCourseRequest(filled({ packageType: 'Fragile', photoUrl: '/api/files/f1' }))).toMatchObject({ package_type: 'Fragile', photo_url: '/api/files/f1' });
  });
});

describe('a point without a place (issue 39)', () => {
  const unplaced = { latitude: '', longitude: '' };

  it('says « Touchez la carte ou choisissez une adresse » for either point once its address is given', () => {
    const form = filled();
    expect(courseFormProblem({ ...form, pickup: { ...form.pickup, ...unplaced } })).toBe('Touchez la carte ou choisissez une adresse');
    expect(courseFormProblem({ ...form, delivery: { ...form.delivery, ...unplaced } })).toBe(COURSE_FORM_MESSAGES.pointNotPlaced);
  });

  it("keeps the spec's messages: the address first, then a half-typed or wrong coordinate", () => {
    const form = filled();
    expect(courseFormProblem({ ...form, pickup: { ...form.pickup, address: ' ', ...unplaced } })).toBe("L'adresse de retrait est obligatoire");
    expect(courseFormProblem({ ...form, delivery: { ...form.delivery, latitude: '' } })).toBe(
      'La latitude et la longitude du point de livraison sont obligatoires',
    );
    expect(courseFormProblem({ ...form, pickup: { ...form.pickup, longitude: 'ouest' } })).toBe('Les coordonnées du point de retrait doivent être des nombres');
    expect(courseFormProblem(form)).toBeNull();
  });

  it('names the first point the map still has to place', () => {
    const form = filled();
    expect(unplacedPoint(emptyCourseForm())).toBe('pickup');
    expect(unplacedPoint({ ...form, delivery: { ...form.delivery, ...unplaced } })).toBe('delivery');
    expect(unplacedPoint(form)).toBeNull();
  });

  it('prices only once both points are placed', () => {
    const form = filled();
    expect(livePrice(emptyCourseForm())).toBeNull();
    expect(livePrice({ ...form, delivery: { ...form.delivery, ...unplaced } })).toBeNull();
    // 111 × hypot(0.0364, 0.0556) ≈ 7.4 → 7 km → 12 000 GNF
    expect(livePrice(form)).toBe(12000);
  });
});
