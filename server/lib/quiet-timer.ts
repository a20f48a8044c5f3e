// A call made once a burst goes quiet: `soon()` arms it to fire after `quietMs` without another
// soon(), and never later than `maxWaitMs` after the burst's first, however many follow. `after(ms)`
// arms it for a fixed delay instead (a retry's backoff); a soon() meanwhile may bring it forward.
// The catalog index's follower gathers change notices with one (search-engine/index-follower.ts),
// and a drain worker's kickSoon() waits on one (drain-worker.ts).

export type QuietTimerOptions = {
  /** The quiet time: fires once no soon() came for this long. */
  quietMs: number;
  /** The longest wait: fires this long after the burst's first soon() at the latest. */
  maxWaitMs: number;
};

export class QuietTimer {
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer's burst began: the first soon() or after() since it last fired. */
  private since = 0;

  constructor(
    private readonly fire: () => void,
    private readonly options: QuietTimerOptions,
  ) {}

  /** Whether it will fire (armed, and neither fired nor cancelled since). */
  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** Fires after the quiet time, or the longest wait since the burst began if that is sooner. */
  soon(): void {
    const now = this.begin();
    this.arm(Math.min(this.options.quietMs, this.since + this.options.maxWaitMs - now));
  }

  /** Fires after `ms`, whatever was armed before. */
  after(ms: number): void {
    this.begin();
    this.arm(ms);
  }

  /** Will not fire (until armed again). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private begin(): number {
    const now = Date.now();
    if (!this.timer) this.since = now;
    return now;
  }

  private arm(ms: number): void {
    clearTimeout(this.timer);
    // A timer of its own does not keep the process alive: shutdown stops its owner.
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.fire();
    }, Math.max(0, ms));
    this.timer.unref();
  }
}
