import { describe, expect, it } from 'vitest';
import { DrainWorker } from '../../../server/lib/drain-worker';

// The kick-and-drain worker the mail outbox and the alert evaluator run on: passes never
// overlap, a kick during a pass is one more pass after it, and stop waits for the pass.

/** A worker whose passes wait until the test lets each one finish. */
function gatedWorker() {
  const gates: (() => void)[] = [];
  const failures: unknown[] = [];
  let running = 0;
  let overlapped = false;
  let passes = 0;
  let failNext = false;
  const worker = new DrainWorker({
    pass: async () => {
      passes++;
      running++;
      if (running > 1) overlapped = true;
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      if (failNext) {
        failNext = false;
        throw new Error('pass failed');
      }
    },
    failed: (error) => failures.push(error),
  });
  /** Lets the waiting pass finish, once it has started. */
  const release = async () => {
    while (!gates.length) await Promise.resolve();
    gates.shift()!();
  };
  return {
    worker,
    release,
    failures,
    get passes() {
      return passes;
    },
    get overlapped() {
      return overlapped;
    },
    failOnce: () => {
      failNext = true;
    },
  };
}

describe('the kick-and-drain worker', () => {
  it('runs one more pass for any number of kicks during a pass, never two at once', async () => {
    const w = gatedWorker();
    w.worker.kick();
    w.worker.kick();
    w.worker.kick();
    await w.release();
    await w.release();
    await w.worker.idle();
    expect(w.passes).toBe(2);
    expect(w.overlapped).toBe(false);
  });

  it('hands a failed pass to `failed` and runs again at the next kick', async () => {
    const w = gatedWorker();
    w.failOnce();
    w.worker.kick();
    await w.release();
    await w.worker.idle();
    expect(w.failures.map((e) => (e as Error).message)).toEqual(['pass failed']);
    w.worker.kick();
    await w.release();
    await w.worker.idle();
    expect(w.passes).toBe(2);
  });

  it('waits for the pass in progress on stop, and runs none after', async () => {
    const w = gatedWorker();
    w.worker.kick();
    w.worker.kick();
    const stopped = w.worker.stop();
    expect(w.worker.stopped).toBe(true);
    await w.release();
    await stopped;
    w.worker.kick();
    await w.worker.idle();
    expect(w.passes).toBe(1);
  });
});
