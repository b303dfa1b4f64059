// Talking to an API under test over real HTTP, and finding a free port for one.
import { createServer, type AddressInfo } from 'node:net';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  /** Sent as X-Forwarded-For (the test app trusts the proxy), to act as different callers. */
  ip?: string;
  headers?: Record<string, string>;
  /** Gives up (rejects) after this long; by default waits as long as the test does. */
  timeoutMs?: number;
}

/** A JSON request (a string body is sent as it is); the answer's body parsed when it is JSON, else its text. */
export async function requestJson<T = any>(baseUrl: string, method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    signal: options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
