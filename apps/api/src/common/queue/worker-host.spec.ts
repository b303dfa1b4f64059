import { describe, expect, it } from '@jest/globals';
import { JobName } from '@coursa/contracts';
import { collectHandlers } from './worker-host.js';

const handler = async () => {};
const [first, ...others] = Object.values(JobName);
const handling = (names: JobName[]) => ({ handlers: Object.fromEntries(names.map((name) => [name, handler])) });

describe('collectHandlers', () => {
  it('accepts exactly one handler per job name', () => {
    const handlers = collectHandlers([handling([first!]), handling(others)]);
    expect([...handlers.keys()].sort()).toEqual(Object.values(JobName).sort());
  });

  it('refuses to start with a job nobody handles', () => {
    expect(() => collectHandlers([handling(others)])).toThrow(`No handler for job(s): ${first}`);
  });

  it('refuses to start with a job handled twice', () => {
    expect(() => collectHandlers([handling([first!, ...others]), handling([first!])])).toThrow(`Job "${first}" has two handlers`);
  });
});
