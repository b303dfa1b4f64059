import 'reflect-metadata';
import { jest } from '@jest/globals';
import type { jest as JestType } from '@jest/globals';
import { APP_CONFIG, loadConfig, type AppConfig } from '../../apps/api/src/common/config/config.js';
import { LOGGER } from '../../apps/api/src/common/logging/logger.js';
import { UnitOfWork, type UnitOfWorkOptions } from '../../apps/api/src/common/prisma/unit-of-work.js';
import type { Tx } from '../../apps/api/src/common/prisma/transaction.js';
import { Clock, RandomSource } from '../../apps/api/src/common/security/secrets.js';

/** Every method of a class, a jest mock (resolving to undefined until a test says otherwise). */
export type Fake<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? JestType.Mock<(...args: A) => R> : T[K] };

type Class<T = unknown> = abstract new (...args: never[]) => T;

export interface TestServiceOptions {
  /** What the clock says (it can be moved with `at`). */
  now?: Date;
  /** The configuration, from these variables as `loadConfig` reads them. */
  env?: NodeJS.ProcessEnv;
  /** A dependency to use as it is instead of a fake (a real collaborator, or a hand-written fake). */
  use?: [token: unknown, value: unknown][];
}

/**
 * A service or use case with every dependency faked, as Nest would inject them (the constructor's parameter types and
 * `@Inject` tokens): each class a `Fake` of its methods; `UnitOfWork` runs the work at once with a fake transaction
 * (`tx`) and records its options; `Clock` says `now` (move it with `at`); `RandomSource` is predictable (tokens
 * `token-1`, `token-2`…, digits `123456…`, referral codes `CRSAAAAAAA1`…, letters and digits `AAA1`, `AAA2`…); `APP_CONFIG` is the test configuration;
 * `LOGGER` swallows everything. `mock(Class)` is the fake given for that class.
 */
export function newTestService<T>(Service: new (...args: never[]) => T, options: TestServiceOptions = {}) {
  let now = options.now ?? new Date('2026-11-25T10:00:00Z');
  const tx = { fakeTransaction: true } as unknown as Tx;
  let tokens = 0;
  let codes = 0;
  let words = 0;
  const fakes = new Map<unknown, unknown>();
  const given = new Map(options.use ?? []);

  const unitOfWork = {
    run: jest.fn(async (work: (tx: Tx) => Promise<unknown>, _options?: UnitOfWorkOptions) => work(tx)),
  };
  const clock = { now: jest.fn(() => new Date(now)) };
  const random = {
    token: jest.fn(() => `token-${++tokens}`),
    digits: jest.fn((length: number) => '1234567890'.repeat(Math.ceil(length / 10)).slice(0, length)),
    referralCode: jest.fn(() => `CRSAAAAAAA${++codes}`),
    alphanumeric: jest.fn((length: number) => String(++words).padStart(length, 'A')),
  };
  const config: AppConfig = loadConfig(options.env ?? {});
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn(), child: jest.fn() };

  const fakeOf = (token: unknown): unknown => {
    if (given.has(token)) return given.get(token);
    if (!fakes.has(token)) fakes.set(token, build(token));
    return fakes.get(token);
  };
  const build = (token: unknown): unknown => {
    if (token === UnitOfWork) return unitOfWork;
    if (token === Clock) return clock;
    if (token === RandomSource) return random;
    if (token === APP_CONFIG) return config;
    if (token === LOGGER) return logger;
    if (typeof token === 'function') return fakeMethods(token as Class);
    throw new Error(`newTestService: no fake for ${String(token)}`);
  };

  const types: unknown[] = Reflect.getMetadata('design:paramtypes', Service) ?? [];
  // Nest keeps the `@Inject(token)` of each parameter here; they win over the declared type (an interface is `Object`).
  const injected: { index: number; param: unknown }[] = Reflect.getMetadata('self:paramtypes', Service) ?? [];
  const tokensOf = types.map((type, index) => injected.find((inject) => inject.index === index)?.param ?? type);
  const sut = new Service(...(tokensOf.map(fakeOf) as never[]));

  return {
    sut,
    /** The fake transaction the unit of work hands to the work. */
    tx,
    unitOfWork,
    clock,
    random,
    config,
    logger,
    /** The fake injected for a class. */
    mock: <D>(Dependency: Class<D>): Fake<D> => fakeOf(Dependency) as Fake<D>,
    /** Moves the clock. */
    at: (moment: Date) => {
      now = moment;
    },
  };
}

/** A fake with a jest mock for each method of the class (and of the classes it extends). */
export function fakeMethods<T>(Dependency: Class<T>): Fake<T> {
  const fake: Record<string, unknown> = {};
  for (let proto = Dependency.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in fake) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof descriptor?.value === 'function') fake[name] = jest.fn();
    }
  }
  return fake as Fake<T>;
}
