import type { JobName, JobQueue } from "~/server/jobs.server";

/** A job as the code under test enqueued it (one entry per job of an `enqueueMany`). */
export interface RecordedJob {
  name: JobName;
  payload: unknown;
}

export interface RecordingJobQueue extends JobQueue {
  /** Every job enqueued, in order; tests read it, filter it and empty it (`length = 0`). */
  readonly enqueued: RecordedJob[];
}

/**
 * A JobQueue that records the jobs instead of running them (tests and benchmarks run each job
 * as the worker would, when they want it run). `record: false` drops them (a benchmark that
 * enqueues thousands); `waiting` answers `jobs.waiting()` (default: nothing waits).
 */
export function createRecordingJobQueue(
  options: { record?: boolean; waiting?: (name: JobName, singletonKey: string, enqueued: readonly RecordedJob[]) => boolean } = {},
): RecordingJobQueue {
  const enqueued: RecordedJob[] = [];
  const record = options.record ?? true;
  return {
    enqueued,
    async enqueue(name, payload) {
      if (record) enqueued.push({ name, payload });
    },
    async enqueueMany(name, list) {
      if (record) for (const job of list) enqueued.push({ name, payload: job.payload });
    },
    async work() {},
    async depth() {
      return 0;
    },
    async readyStats() {
      return [];
    },
    async waiting(name, singletonKey) {
      return options.waiting?.(name, singletonKey, enqueued) ?? false;
    },
    async check() {},
    async close() {},
  };
}
