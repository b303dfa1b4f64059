/** A minimal fetch answer for component tests: what the API client reads (status, ok, text, json). */
export const answer = (status: number, body: unknown = {}) =>
  Promise.resolve({
    status,
    ok: status >= 200 && status < 300,
    text: () => Promise.resolve(JSON.stringify(body)),
    json: () => Promise.resolve(body),
  } as Response);
