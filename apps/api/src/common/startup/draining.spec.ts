import { describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { pino } from 'pino';
import { Draining } from './draining.js';
import { drainAndClose } from './graceful-shutdown.js';

describe('Draining', () => {
  it('is inactive until started, and stays started', () => {
    const draining = new Draining();
    expect(draining.active).toBe(false);
    draining.start();
    draining.start();
    expect(draining.active).toBe(true);
  });

  it('resolves once the requests in flight are answered, or false at the timeout', async () => {
    const draining = new Draining();
    await expect(draining.requestsDone(10)).resolves.toBe(true);
    draining.requestStarted();
    draining.requestStarted();
    const done = draining.requestsDone(5_000);
    draining.requestEnded();
    expect(draining.requestsInFlight).toBe(1);
    draining.requestEnded();
    await expect(done).resolves.toBe(true);

    draining.requestStarted();
    await expect(draining.requestsDone(20)).resolves.toBe(false);
    expect(draining.requestsInFlight).toBe(1);
  });
});

describe('drainAndClose', () => {
  it('answers draining first, hands the sockets over after the drain time, closes once the requests are answered', async () => {
    const steps: string[] = [];
    const draining = new Draining();
    draining.handOffSocketsWith(() => {
      steps.push('sockets handed off');
      return 3;
    });
    const app = { get: () => draining, close: async () => void steps.push('closed') } as unknown as INestApplication;
    let endDrain!: () => void;
    draining.requestStarted();
    const closing = drainAndClose(app, {
      drainMs: 5000,
      timeoutMs: 5000,
      logger: pino({ level: 'silent' }),
      sleep: (ms) => {
        steps.push(`waits ${ms} ms`);
        return new Promise((resolve) => (endDrain = resolve));
      },
    });
    expect(draining.active).toBe(true);
    expect(steps).toEqual(['waits 5000 ms']);
    endDrain();
    await new Promise((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['waits 5000 ms', 'sockets handed off']);
    draining.requestEnded();
    await closing;
    expect(steps).toEqual(['waits 5000 ms', 'sockets handed off', 'closed']);
  });
});
