import { describe, expect, it } from '@jest/globals';
import { emptyCourseForm, toCourseRequest, type CourseFormValues } from './course-form';

const filled = (changes: Partial<CourseFormValues> = {}): CourseFormValues => ({
  ...emptyCourseForm(),
  pickup: { address: 'Madina', latitude: '9,5456', longitude: '-13.6566', instructions: '', contactPhone: '' },
  delivery: { address: 'Kaloum', latitude: '9.5092', longitude: '-13.7122', instructions: 'Portail bleu', contactPhone: '' },
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
