import { describe, expect, it } from '@jest/globals';
import { JobName } from '@coursa/contracts';
import { collectHandlers } from './worker-host.js';

const handler = async () => {};

describe('collectHandlers', () => {
  it('accepts exactly one handler per job name', () => {
    const handlers = collectHandlers([{ handlers: { [JobName.SendSms]: handler } }, { handlers: { [JobName.SendEmail]: handler } }]);
    expect([...handlers.keys()].sort()).toEqual(Object.values(JobName).sort());
  });

  it('refuses to start with a job nobody handles', () => {
    expect(() => collectHandlers([{ handlers: { [JobName.SendSms]: handler } }])).toThrow(`No handler for job(s): ${JobName.SendEmail}`);
  });

  it('refuses to start with a job handled twice', () => {
    expect(() =>
      collectHandlers([{ handlers: { [JobName.SendSms]: handler, [JobName.SendEmail]: handler } }, { handlers: { [JobName.SendSms]: handler } }]),
    ).toThrow(`Job "${JobName.SendSms}" has two handlers`);
  });
});
