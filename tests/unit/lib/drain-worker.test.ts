import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrainWorker, type DrainWorkerOptions } from '../../../server/lib/drain-worker';

// The kick-and-drain worker the mail outbox and the alert evaluator run on: passes never
// overlap, a kick during a pass is one more pass after it, and stop waits for the pass; kickSoon
// waits for a pause in its kicks (a burst of import notices is one pass).

/** A worker whose passes wait until the test lets each one finish. */
function gatedWorker(timing: Pick<DrainWorkerOptions, 'quietMs' | 'maxWaitMs'> = {}) {
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
    ...timing,
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

describe('kickSoon', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('makes a burst of kicks one pass, once they pause for the quiet time', async () => {
    vi.useFakeTimers();
    const w = gatedWorker({ quietMs: 200, maxWaitMs: 2_000 });
    for (let i = 0; i < 5; i++) {
      w.worker.kickSoon();
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(w.passes).toBe(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(w.passes).toBe(1);
    await w.release();
    await w.worker.idle();
    expect(w.passes).toBe(1);
  });

  it('runs a pass the longest wait after the first kick while kicks keep coming', async () => {
    vi.useFakeTimers();
    const w = gatedWorker({ quietMs: 200, maxWaitMs: 1_000 });
    w.worker.kickSoon();
    for (let at = 100; at < 1_000; at += 100) {
      await vi.advanceTimersByTimeAsync(100);
      expect(w.passes).toBe(0);
      w.worker.kickSoon();
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(w.passes).toBe(1);
    // A kick after the pass began waits for its own pause: one pass more.
    w.worker.kickSoon();
    await w.release();
    await vi.advanceTimersByTimeAsync(200);
    await w.release();
    await w.worker.idle();
    expect(w.passes).toBe(2);
  });

  it('is waited for by idle, and dropped by stop', async () => {
    vi.useFakeTimers();
    const w = gatedWorker({ quietMs: 200 });
    w.worker.kickSoon();
    let idle = false;
    const waited = w.worker.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(199);
    expect([w.passes, idle]).toEqual([0, false]);
    await vi.advanceTimersByTimeAsync(1);
    await w.release();
    await waited;
    expect([w.passes, idle]).toEqual([1, true]);

    w.worker.kickSoon();
    await w.worker.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(w.passes).toBe(1);
  });
});
