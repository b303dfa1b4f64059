/**
 * What a push opens (issue 37): the app's address with the section and the course, `/?tab=tracking&course=<id>`, read
 * once when the signed-in layout starts (the service worker loads that address into the app's window on a tap).
 */
export function linkedParam(name: 'tab' | 'course'): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(name);
}
