/** A minimal fetch answer for component tests: what the API client reads (status, ok, headers, text, json). */
export const answer = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  Promise.resolve({
    status,
    ok: status >= 200 && status < 300,
    headers: new Headers(headers),
    text: () => Promise.resolve(JSON.stringify(body)),
    json: () => Promise.resolve(body),
  } as Response);

/**
 * A page of a list as the API answers it (README "Lists come in pages"): the body, and in headers the next page's link
 * when `next` names its cursor and the count when `total` is given.
 */
export const pageAnswer = (body: unknown, { next, total }: { next?: string; total?: number } = {}) =>
  answer(200, body, {
    ...(next !== undefined && { link: `</api/list?cursor=${next}>; rel="next"` }),
    ...(total !== undefined && { 'x-total-count': String(total) }),
  });
