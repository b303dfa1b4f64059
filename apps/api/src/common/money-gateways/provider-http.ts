// What the payment gateways share: calling a provider, reading its answer (the OAuth2 token cache is common/http's).
// Error messages name the provider, the call, the HTTP status and the provider's error code, never a URL
// (PayCard's status URL holds the merchant key), a credential or a token.
import { z } from 'zod';
import { GatewayError } from './payment-gateway.js';

const TIMEOUT_MS = 15_000;

/** Sends one request; a network failure or a timeout is retryable. `call` names the request in errors. */
export function callProvider(provider: string, call: string, url: string, init: RequestInit): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
    // Not kept as the cause: fetch's own errors may quote the URL.
    throw new GatewayError(`${provider} unreachable (${networkReason(error)}) for ${call}`, true);
  });
}

/** The answer's JSON body (undefined when there is none); throws when the HTTP status says the call failed. */
export async function ensureOk(provider: string, call: string, response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body;
  const retryable = response.status === 408 || response.status === 429 || response.status >= 500;
  throw new GatewayError(`${provider} answered HTTP ${response.status} (code ${errorCode(body)}) to ${call}`, retryable);
}

/** The successful answer, checked against the shape the provider documents. */
export async function answerOf<Shape extends z.ZodType>(
  provider: string,
  call: string,
  response: Response,
  shape: Shape,
): Promise<z.infer<Shape>> {
  return checkShape(provider, call, await ensureOk(provider, call, response), shape);
}

export function checkShape<Shape extends z.ZodType>(provider: string, call: string, body: unknown, shape: Shape): z.infer<Shape> {
  const parsed = shape.safeParse(body);
  // Retryable: more likely a proxy's page or a passing fault than a lasting change of the provider's API.
  if (!parsed.success) throw new GatewayError(`${provider} gave an unexpected answer to ${call}`, true);
  return parsed.data;
}

/** An amount in GNF, which providers send as a number or as a decimal string ("5000"). */
export const gnfAmount = z.union([z.number(), z.string().trim().min(1).transform(Number)]).pipe(z.number().nonnegative());

/** An OAuth2 client-credentials token answer; Orange gives `expires_in` as a string, MTN as a number. */
export const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().nonnegative() });

function networkReason(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timed out';
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : 'network error';
}

/** The provider's error code, from the shapes our providers use: `{code}` (all three), OAuth's `{error}`. */
function errorCode(body: unknown): string {
  const { code, error } = (body ?? {}) as { code?: unknown; error?: unknown };
  const found = [code, error].find((value) => typeof value === 'string' || typeof value === 'number');
  return found === undefined ? 'none' : String(found);
}
