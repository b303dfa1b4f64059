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
  /**
   * Holds the next `count` requests unanswered, before the fake looks at them, until released: a provider
   * that is slow to answer. A request whose caller goes away while held (a worker killed) is dropped unseen.
   */
  hold(count: number): Hold;
  /** Answers every request `ms` later (0: at once). */
  slow(ms: number): void;
  stop(): Promise<void>;
}

export interface Hold {
  /** Resolves once `count` requests are being held. */
  readonly arrived: Promise<void>;
  /** Answers the held requests whose callers are still there (and stops holding). */
  release(): void;
  /** Held requests whose caller went away before the release. */
  readonly dropped: number;
}

export async function serveFake(handle: (request: FakeRequest, url: string) => FakeReply, errorBody: (status: number) => unknown): Promise<FakeServer> {
  let failures = { count: 0, status: 500 };
  let latency = 0;
  let holding: { left: number; held: (() => void)[]; onHeld: () => void; dropped: number } | undefined;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = () => setTimeout(respond, latency);
      const hold = holding;
      if (hold && hold.left > 0) {
        hold.left -= 1;
        let gone = false;
        res.once('close', () => {
          if (res.writableEnded) return;
          gone = true;
          hold.dropped += 1;
        });
        hold.held.push(() => gone || answer());
        if (hold.left === 0) hold.onHeld();
      } else answer();
    });
    const respond = () => {
      if (res.destroyed) return;
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
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    failNext(count: number, status = 500) {
      failures = { count, status };
    },
    hold(count: number): Hold {
      let onHeld = () => {};
      const arrived = new Promise<void>((resolve) => (onHeld = resolve));
      const hold = { left: count, held: [] as (() => void)[], onHeld, dropped: 0 };
      holding = hold;
      return {
        arrived,
        release() {
          if (holding === hold) holding = undefined;
          hold.held.splice(0).forEach((answer) => answer());
        },
        get dropped() {
          return hold.dropped;
        },
      };
    },
    slow(ms: number) {
      latency = ms;
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
