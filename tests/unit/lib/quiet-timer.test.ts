import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietTimer } from '../../../server/lib/quiet-timer';

// The timer the catalog index's follower gathers notices with and a drain worker's kickSoon()
// waits on: once a burst goes quiet, or at its longest wait; a fixed delay for a retry.

const OPTIONS = { quietMs: 200, maxWaitMs: 2_000 };

/** A timer and the times (ms after the start) it fired at. */
function timer() {
  const start = Date.now();
  const fired: number[] = [];
  return { quiet: new QuietTimer(() => fired.push(Date.now() - start), OPTIONS), fired };
}

describe('QuietTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once, the quiet time after the last soon() of a burst', async () => {
    const { quiet, fired } = timer();
    quiet.soon();
    await vi.advanceTimersByTimeAsync(150);
    quiet.soon();
    await vi.advanceTimersByTimeAsync(150);
    quiet.soon();
    expect([fired, quiet.armed]).toEqual([[], true]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([fired, quiet.armed]).toEqual([[500], false]);
  });

  it('fires at the longest wait after the first soon() while soon() keeps coming, and a new burst waits again', async () => {
    const { quiet, fired } = timer();
    for (let at = 0; at < 3_000; at += 100) {
      quiet.soon();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(1_000);
    // Fired at 2,000; the soon() at 2,000 began a burst of its own, whose last came at 2,900.
    expect(fired).toEqual([2_000, 3_100]);
  });

  it('fires after a fixed delay, which a soon() meanwhile brings forward, and not at all once cancelled', async () => {
    const { quiet, fired } = timer();
    quiet.after(5_000);
    await vi.advanceTimersByTimeAsync(1_000);
    quiet.soon();
    await vi.advanceTimersByTimeAsync(10_000);
    quiet.after(300);
    await vi.advanceTimersByTimeAsync(1_000);
    quiet.soon();
    quiet.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([fired, quiet.armed]).toEqual([[1_200, 11_300], false]);
  });
});
