import type { CourierPosition, CourseAvailableEvent, CourseCourierChangedEvent, CourseDto, CourseStatusEvent, CourseTrackingDto } from '@coursa/contracts';
import { arrivalEstimate, etaMinutes, statusesOf, type CourseStatusFilter } from '@coursa/domain';
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ListPage } from '@/lib/api-client';

/**
 * What the socket's events change in the query cache (README « Live tracking »): the screens read the cache, never
 * the events. An event changes what it says in place (`setQueryData`: a status, a courier's position, an offer), and
 * what it does not say — a course's times, its next step, the courses under way — is read again from the API.
 */

/**
 * The courses offered live by the socket since the list of available courses was read, newest first, kept beside
 * that list in the cache: reading the list again (any invalidation of its route) empties them, since the list then
 * holds them.
 */
export const liveOffersQuery = () =>
  queryOptions({
    queryKey: ['GET /api/delivery/available-courses', 'live'] as const,
    queryFn: (): CourseAvailableEvent[] => [],
    initialData: [] as CourseAvailableEvent[],
    staleTime: Infinity,
  });

const TRACKING = 'GET /api/courses/:id/tracking';
const NAVIGATION = 'GET /api/delivery/course/:id/navigation';

/** A cached list: every item at once (`allPagesQuery`), or the pages read so far (`pagedQuery`). */
type CachedList<Item> = Item[] | InfiniteData<ListPage<Item[] | object>>;

/** Applies `change` to each item of a cached list, whichever way it was read; other data is left alone. */
function eachItem<Item>(data: CachedList<Item> | undefined, change: (items: Item[]) => Item[]): CachedList<Item> | undefined {
  if (!data) return data;
  if (Array.isArray(data)) return change(data);
  return { ...data, pages: data.pages.map((page) => (Array.isArray(page.answer) ? { ...page, answer: change(page.answer as Item[]) } : page)) };
}

/** Whether a cached list holds the course. */
function holds(data: CachedList<{ id: string }>, id: string): boolean {
  let found = false;
  eachItem(data, (items) => {
    found ||= items.some((item) => item.id === id);
    return items;
  });
  return found;
}

type WithStatus = { id: string; status: CourseStatusEvent['status']; status_label?: string; assigned_delivery_person_id?: string | null };

/** The course's new status (and its courier, once one took it), in place. */
function withStatus<T extends WithStatus>(item: T, event: CourseStatusEvent): T {
  if (item.id !== event.course_id) return item;
  const changed: T = { ...item, status: event.status };
  if ('status_label' in item) changed.status_label = event.status_label;
  if ('assigned_delivery_person_id' in item && event.courier_id) changed.assigned_delivery_person_id = event.courier_id;
  return changed;
}

/** A course changed status: every list and screen holding it. */
export function applyCourseStatus(client: QueryClient, event: CourseStatusEvent): void {
  // Taken or cancelled: no longer on offer.
  if (event.status !== 'pending') {
    const others = <T extends { id: string }>(items: T[]) => items.filter((item) => item.id !== event.course_id);
    client.setQueryData(liveOffersQuery().queryKey, (offers) => offers && others(offers));
    client.setQueriesData<CachedList<{ id: string }>>({ queryKey: ['GET /api/delivery/available-courses', {}] }, (data) => eachItem(data, others));
  }
  // The lists that show it (the client's courses, the courier's deliveries, staff's courses): its status in place.
  for (const route of ['GET /api/courses', 'GET /api/delivery/history', 'GET /api/admin/courses']) {
    client.setQueriesData<CachedList<WithStatus>>({ queryKey: [route, {}] }, (data) => eachItem(data, (items) => items.map((item) => withStatus(item, event))));
  }
  // The client's open courses (tracking) that do not hold it yet though it belongs there now (ordered on another
  // device, or read before it was made): read again, so that it shows at once (issue 38).
  for (const [queryKey, data] of client.getQueriesData<CachedList<WithStatus>>({ queryKey: ['GET /api/courses', {}] })) {
    const filter = (queryKey[2] as { status?: CourseStatusFilter } | undefined)?.status;
    if (!data || !filter || !statusesOf(filter).includes(event.status) || holds(data, event.course_id)) continue;
    void client.invalidateQueries({ queryKey, exact: true });
  }
  // The screens of the course: its status at once, then its times, route and next step from the API.
  for (const route of [TRACKING, NAVIGATION]) {
    const queryKey = [route, { id: event.course_id }];
    client.setQueriesData<WithStatus>({ queryKey }, (course) => course && withStatus(course, event));
    void client.invalidateQueries({ queryKey });
  }
  // A status may start or end a delivery: the courses under way are read again.
  void client.invalidateQueries({ queryKey: ['GET /api/delivery/history', {}, { status: 'active' }] });
}

/**
 * Staff gave a course to another courier (issue 38): its screens and the lists naming its courier are read again
 * (the first courier's navigation then says it is no longer his; the client's tracking names the new courier).
 */
export function applyCourierChanged(client: QueryClient, event: CourseCourierChangedEvent): void {
  for (const route of [TRACKING, NAVIGATION]) void client.invalidateQueries({ queryKey: [route, { id: event.course_id }] });
  for (const route of ['GET /api/courses', 'GET /api/delivery/history', 'GET /api/admin/courses', 'GET /api/admin/dispatch']) {
    void client.invalidateQueries({ queryKey: [route] });
  }
}

/** A course offered to this courier: on top of the list until the list is read again. */
export function applyOffer(client: QueryClient, offer: CourseAvailableEvent): void {
  client.setQueryData(liveOffersQuery().queryKey, (offers = []) => (offers.some((known) => known.id === offer.id) ? offers : [offer, ...offers]));
}

/**
 * A courier moved: the tracking of each course they carry for this client (from the client's cached courses) gets
 * their position and the arrival estimate it gives (`etaMinutes`, with the speed the server observed).
 */
export function applyCourierPosition(client: QueryClient, position: CourierPosition): void {
  const carried = new Set<string>();
  for (const [, data] of client.getQueriesData<CachedList<CourseDto>>({ queryKey: ['GET /api/courses', {}] })) {
    eachItem(data, (courses) => {
      for (const course of courses) if (course.assigned_delivery_person_id === position.courier_id) carried.add(course.id);
      return courses;
    });
  }
  for (const id of carried) {
    client.setQueriesData<CourseTrackingDto>({ queryKey: [TRACKING, { id }] }, (tracking) => {
      if (!tracking) return tracking;
      const eta = etaMinutes({
        status: tracking.status,
        courier: { latitude: position.lat, longitude: position.lng },
        pickup: tracking.pickup_location,
        delivery: tracking.delivery_location,
        observedSpeedKmh: position.observed_speed_kmh,
      });
      return {
        ...tracking,
        delivery_person_location: { latitude: position.lat, longitude: position.lng, at: position.at },
        eta_minutes: eta,
        arrival_estimate: arrivalEstimate(tracking.status, eta),
      };
    });
  }
}
