import type { JobName, JobPayloads } from '@coursa/contracts';
import type { Job } from 'bullmq';

export type JobHandler<J extends JobName> = (payload: JobPayloads[J], job: Job<JobPayloads[J]>) => Promise<void>;

export type JobHandlers = { [J in JobName]?: JobHandler<J> };

/** A worker-side class that handles some job names. */
export interface JobProcessor {
  readonly handlers: JobHandlers;
}

/** Injection token: the list of every JobProcessor of the worker. */
export const JOB_PROCESSORS = Symbol('JOB_PROCESSORS');
