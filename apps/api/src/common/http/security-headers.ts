import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The security headers helmet sets with these options (CSP, HSTS, nosniff, frame and referrer policies…), computed
 * once: helmet builds its middlewares and serializes its CSP again on every request it serves (@fastify/helmet calls
 * it so), for headers that never change here (issue 42). app.factory.ts sets them on every answer; `x-powered-by`,
 * which helmet removes, is never set by Fastify.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return Object.freeze(headers);
}
