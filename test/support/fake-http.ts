// The HTTP harness of the fake provider servers (SMS and payments): a server on 127.0.0.1, port 0, that hands
// each request to the fake's handler, can be told to fail the next requests, and stops without waiting for
// kept-alive connections.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** Path as sent, still percent-encoded. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeReply {
  status: number;
  /** Sent as JSON; no body at all when undefined (MTN's 202). */
  body?: unknown;
}

export interface FakeServer {
  /** Base URL, to put where the provider's base URL goes. */
  readonly url: string;
  /** The next `count` requests, whatever they are, get `status` with the provider's error shape. */
  failNext(count: number, status?: number): void;
  stop(): Promise<void>;
}

export async function serveFake(handle: (request: FakeRequest, url: string) => FakeReply, errorBody: (status: number) => unknown): Promise<FakeServer> {
  let failures = { count: 0, status: 500 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let reply: FakeReply;
      if (failures.count > 0) {
        failures.count -= 1;
        reply = { status: failures.status, body: errorBody(failures.status) };
      } else {
        const body = Buffer.concat(chunks).toString();
        reply = handle({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body }, url);
      }
      if (reply.body === undefined) res.writeHead(reply.status).end();
      else res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    failNext(count: number, status = 500) {
      failures = { count, status };
    },
    stop() {
      // fetch keeps connections alive: close them, or close() waits for them.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

export function hasBasicAuth(headers: IncomingHttpHeaders, user: string, password: string): boolean {
  return headers.authorization === `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The JSON body of a request sent as JSON, else undefined. */
export function jsonBody(request: FakeRequest): unknown {
  if (!request.headers['content-type']?.startsWith('application/json')) return undefined;
  try {
    return JSON.parse(request.body);
  } catch {
    return undefined;
  }
}

/** The fields of a form-encoded request, else undefined. */
export function formBody(request: FakeRequest): URLSearchParams | undefined {
  const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
  return form ? new URLSearchParams(request.body) : undefined;
}
