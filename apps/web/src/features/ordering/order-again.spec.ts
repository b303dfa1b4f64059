import { describe, expect, it } from '@jest/globals';
import type { CourseDto } from '@coursa/contracts';
import { toCourseRequest } from './course-form';
import { courseFormFromCourse, pointFromSavedPlace } from './order-again';

const pastCourse = {
  pickup_location: { address: 'Marché Madina, portail bleu', latitude: 9.5456, longitude: -13.6566, instructions: null },
  delivery_location: { address: 'Carrefour Bambéto', latitude: 9.5917, longitude: -13.6236, instructions: 'Appeler en arrivant' },
  pickup_instructions: 'Boutique 12',
  delivery_instructions: 'Appeler en arrivant',
  pickup_contact_phone: '+224620000011',
  delivery_contact_phone: null,
  recipient_phone: '+224620000002',
  package_type: 'Documents',
  description: 'Un carton',
  photo_url: '/api/files/f1',
} as unknown as CourseDto;

describe('« Commander à nouveau »', () => {
  it('refills both points, their instructions and contacts, the recipient and the parcel type; not the description or photo', () => {
    const form = courseFormFromCourse(pastCourse);
    expect(form.pickup).toEqual({ address: 'Marché Madina, portail bleu', latitude: '9.5456', longitude: '-13.6566', instructions: 'Boutique 12', contactPhone: '+224620000011', placeId: null });
    expect(form.delivery).toEqual({ address: 'Carrefour Bambéto', latitude: '9.5917', longitude: '-13.6236', instructions: 'Appeler en arrivant', contactPhone: '', placeId: null });
    expect(form).toMatchObject({ recipientPhone: '+224620000002', packageType: 'Documents', description: '', photoUrl: null, promoCode: '' });
    // The refilled form orders the same course again.
    expect(toCourseRequest(form)).toMatchObject({
      pickup_location: { latitude: 9.5456, longitude: -13.6566, instructions: 'Boutique 12' },
      delivery_location: { address: 'Carrefour Bambéto', instructions: 'Appeler en arrivant' },
      recipient_phone: '+224620000002',
    });
  });
});

describe('a saved place chosen for a point', () => {
  it('fills the address, the point and the instructions, and keeps the contact typed', () => {
    const point = pointFromSavedPlace(
      { address: 'ancienne', latitude: '', longitude: '', instructions: 'vieille', contactPhone: '620000077', placeId: 'p-1' },
      { address: 'Carrefour Bambéto', latitude: 9.5917, longitude: -13.6236, instructions: null },
    );
    expect(point).toEqual({ address: 'Carrefour Bambéto', latitude: '9.5917', longitude: '-13.6236', instructions: '', contactPhone: '620000077', placeId: null });
  });
});
