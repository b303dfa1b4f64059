import { describe, expect, it } from '@jest/globals';
import {
  ACTIVE_STATUSES,
  checkCourierChange,
  checkMove,
  courseNumber,
  OPEN_STATUSES,
  parseCourseNumber,
  reasonText,
  receiptFileName,
  statusesOf,
} from './courses.js';

describe('course number', () => {
  it.each([
    [1, 'CRS-000001'],
    [123, 'CRS-000123'],
    [999_999, 'CRS-999999'],
    [1_234_567, 'CRS-1234567'],
  ])('shows course %i as %s', (n, expected) => {
    expect(courseNumber(n)).toBe(expected);
  });

  it('reads back the number it shows', () => {
    expect(parseCourseNumber(courseNumber(123))).toBe(123);
    expect(parseCourseNumber(courseNumber(1_234_567))).toBe(1_234_567);
  });

  it('names the receipt file by the digits alone', () => {
    expect(receiptFileName(123)).toBe('recu-coursa-000123.pdf');
  });
});

describe('course status filter', () => {
  it('lets one status through, or every status in progress for `active`', () => {
    expect(statusesOf('delivered')).toEqual(['delivered']);
    expect(statusesOf('active')).toEqual(ACTIVE_STATUSES);
    expect(statusesOf('active')).not.toContain('pending');
    expect(statusesOf('open')).toEqual(OPEN_STATUSES);
    expect(statusesOf('open')).toContain('pending');
  });

  it('lets through the courses whose courier is on the road for `en_route`', () => {
    expect(statusesOf('en_route')).toEqual(['en_route_pickup', 'en_route_delivery']);
  });

  it('names the open statuses: waiting for a courier, or in progress', () => {
    expect(OPEN_STATUSES).toEqual(['pending', ...ACTIVE_STATUSES]);
  });
});

describe('staff assign, staff reassign and a courier hand-back (issue 38)', () => {
  const staff = { id: 'staff', role: 'admin' };
  const courier = { id: 'courier-a', role: 'independent_delivery' };
  const other = { id: 'courier-b', role: 'salaried_delivery' };
  const waiting = { status: 'pending' as const, clientId: 'client', courierId: null };

  it('lets staff give a waiting course to a courier, and no one else move it there for another', () => {
    expect(checkMove(waiting, 'assigned', staff)).toBeNull();
    expect(checkMove(waiting, 'assigned', { id: 'client', role: 'client' })).toBe('not_allowed');
    expect(checkMove({ ...waiting, status: 'assigned', courierId: 'courier-a' }, 'assigned', staff)).toBe('not_allowed');
  });

  it.each(['assigned', 'en_route_pickup'] as const)('lets the courier hand a course back from %s with a reason, never without', (status) => {
    const course = { status, clientId: 'client', courierId: 'courier-a' };
    expect(checkMove(course, 'pending', courier, ['hand_back_reason'])).toBeNull();
    expect(checkMove(course, 'pending', courier)).toBe('needs_hand_back_reason');
    expect(checkMove(course, 'pending', other, ['hand_back_reason'])).toBe('forbidden');
    expect(checkMove(course, 'pending', staff, ['hand_back_reason'])).toBe('not_allowed');
  });

  it.each(['collected', 'en_route_delivery'] as const)('refuses a hand-back once the parcel is collected (%s)', (status) => {
    expect(checkMove({ status, clientId: 'client', courierId: 'courier-a' }, 'pending', courier, ['hand_back_reason'])).toBe('not_allowed');
  });

  it.each(ACTIVE_STATUSES)('lets staff change the courier of a course in progress (%s), keeping its status', (status) => {
    expect(checkCourierChange({ status, courierId: 'courier-a' }, 'courier-b', staff)).toBeNull();
    expect(checkCourierChange({ status, courierId: 'courier-a' }, 'courier-a', staff)).toBe('same_courier');
    expect(checkCourierChange({ status, courierId: 'courier-a' }, 'courier-b', courier)).toBe('not_allowed');
  });

  it.each(['pending', 'delivered', 'cancelled'] as const)('refuses a courier change on a course %s', (status) => {
    expect(checkCourierChange({ status, courierId: null }, 'courier-b', staff)).toBe('not_allowed');
  });

  it('keeps a reason as its label and the words, which « Autre » requires', () => {
    expect(reasonText('Expéditeur absent', 'sender_absent', undefined)).toBe('Expéditeur absent');
    expect(reasonText('Accident', 'accident', ' moto tombée ')).toBe('Accident : moto tombée');
    expect(reasonText('Autre', 'other', '  ')).toBeNull();
    expect(reasonText('Autre', 'other', 'pneu crevé')).toBe('Autre : pneu crevé');
  });
});
