// Long work on the event loop's thread, cut into slices: building the catalog index takes
// seconds of CPU, and in one piece it would hold every request (health probes included)
// until it is done. The work checks `due` as it goes and, when its slice is used up, gives
// the event loop a turn (setImmediate runs after pending I/O), so requests wait at most
// about one slice.

/** How long one slice may run. */
export const SLICE_MS = 10;

export class TimeSlicer {
  private started = performance.now();
  /** Turns given to the event loop so far. */
  turns = 0;

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Whether this slice has used its time. */
  get due(): boolean {
    return performance.now() - this.started >= this.budgetMs;
  }

  /** Lets waiting I/O and timers run, then starts a new slice. */
  async yield(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.turns++;
    this.started = performance.now();
  }

  /** Yields when this slice has used its time. */
  async pause(): Promise<void> {
    if (this.due) await this.yield();
  }
}

/** Runs a generator of steps to its end, pausing between steps when the slice is used up. */
export async function runSliced<T>(steps: Generator<void, T, void>, slicer: TimeSlicer): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await slicer.pause();
  }
}

/** Runs a generator of steps to its end in one go. */
export function runAtOnce<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
