/** The recipient's tracking link: how it is made, what its SMS says and how long it answers. */

/** Random bytes of a token: 16 give 22 base64url characters, too many to guess. */
export const TRACKING_TOKEN_BYTES = 16;
/** A token as RandomSource.token(16) writes it; anything else cannot be one. */
export const TRACKING_TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;
/** The link keeps answering this long after the course ends (delivered or cancelled). */
export const TRACKING_LINK_GRACE_MS = 60 * 60 * 1000;

/** The page's address, sent in the recipient's SMS (its text: trackingLinkSms in notifications/sms-texts). */
export const trackingUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/suivi/${token}`;

/** When the link stops answering: one hour after the course was delivered or cancelled; never while it is under way. */
export function trackingLinkExpiry(course: { deliveryTime: Date | null; cancelledAt: Date | null }): Date | null {
  const end = course.deliveryTime ?? course.cancelledAt;
  return end ? new Date(end.getTime() + TRACKING_LINK_GRACE_MS) : null;
}
