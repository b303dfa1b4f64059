import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { LazyRequestLogger, loggerOptions } from './logger.js';

function capture() {
  const lines: string[] = [];
  const logger = pino(loggerOptions({ LOG_LEVEL: 'info' }), new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
  return { logger, lines };
}

describe('logger', () => {
  it('masks secrets wherever they appear', () => {
    const { logger, lines } = capture();
    logger.info({ password: 'Secret123!', body: { code: '482913', card_number: '4111111111111111' }, req: { headers: { authorization: 'Bearer abc' } } }, 'x');
    const line = lines.join('');
    for (const secret of ['Secret123!', '482913', '4111111111111111', 'Bearer abc']) expect(line).not.toContain(secret);
    expect(line).toContain('[masqué]');
  });

  it("masks a message's bodies, an e-mail's HTML included", () => {
    const { logger, lines } = capture();
    logger.info({ job: { to: 'fanta@exemple.gn', text: 'code 482913', html: '<p>482913</p>' } }, 'x');
    expect(lines.join('')).not.toContain('482913');
    expect(lines.join('')).toContain('fanta@exemple.gn');
  });

  it("keeps an error's code, which says what went wrong", () => {
    const { logger, lines } = capture();
    logger.error({ err: Object.assign(new Error("Can't reach database server"), { code: 'P1001' }) }, 'failed');
    const logged = JSON.parse(lines[0]!) as { err: { error_code?: string; message: string } };
    expect(logged.err).toMatchObject({ error_code: 'P1001', message: "Can't reach database server" });
    logger.warn({ err: 'Connection is closed.' }, 'job failed');
    expect(JSON.parse(lines[1]!)).toMatchObject({ err: 'Connection is closed.' });
  });
});

describe('LazyRequestLogger (request.log)', () => {
  it('makes no child until something logs, then logs with the request id and the redaction', () => {
    const { logger, lines } = capture();
    let children = 0;
    const parent = Object.assign(Object.create(logger) as typeof logger, { child: (...args: Parameters<typeof logger.child>) => ((children += 1), logger.child(...args)) });
    const log = LazyRequestLogger.factory(parent, { reqId: 'req-1' }, {});
    expect(log.level).toBe('info');
    expect(children).toBe(0);
    log.warn({ password: 'Secret123!' }, 'x %s', 'y');
    log.error('plain');
    expect(children).toBe(1);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { level: 40, reqId: 'req-1', password: '[masqué]', msg: 'x y' },
      { level: 50, reqId: 'req-1', msg: 'plain' },
    ]);
    log.level = 'error';
    log.warn('dropped');
    expect(lines).toHaveLength(2);
    expect(log.child({ more: 1 }).level).toBe('error');
  });
});
