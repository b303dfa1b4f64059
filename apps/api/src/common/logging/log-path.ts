/** Paths whose last segment is a secret: the recipient's tracking token (API route and page). */
const TOKEN_IN_PATH = /^(\/api\/public\/tracking\/|\/suivi\/)[^/?#]+/;

/** A request's URL as logs may keep it: a tracking token in the path is masked like other secrets. */
export const maskPathSecrets = (url: string): string => url.replace(TOKEN_IN_PATH, '$1[masqué]');
