import { QuietTimer } from './quiet-timer';

// The background worker that is kicked and drains: `kick()` asks for a pass soon without
// making the caller wait; passes never overlap, and a kick during a pass runs one more pass
// after it, so nothing asked for while a pass was reading is missed. A sweep kicks it now and
// then for what no kick announced (retries, another instance's leftovers, lost notices).
// `kickSoon()` waits for a quiet moment first, so a burst of notices is one pass.
// The mail outbox and the alert evaluator are such workers.

export type DrainWorkerOptions = {
  /** One pass over what is due. */
  pass: () => Promise<void>;
  /** A pass that threw: the next kick or sweep tries again. */
  failed: (error: unknown) => void;
  /** kickSoon's quiet time: the pass starts once no kickSoon came for this long (default 200 ms). */
  quietMs?: number;
  /** kickSoon's longest wait: a pass starts this long after the first kickSoon however many follow (default 2 s). */
  maxWaitMs?: number;
};

/** A kickSoon waiting for its quiet moment: who waits for it (idle()). */
type Waiting = { over: Promise<void>; ended: () => void };

function waiting(): Waiting {
  let ended!: () => void;
  const over = new Promise<void>((resolve) => (ended = resolve));
  return { over, ended };
}

export class DrainWorker {
  private running: Promise<void> | undefined;
  private again = false;
  private sweep: NodeJS.Timeout | undefined;
  private halted = false;
  private waiting: Waiting | undefined;
  private readonly quiet: QuietTimer;

  constructor(private readonly options: DrainWorkerOptions) {
    this.quiet = new QuietTimer(() => this.endWait(true), { quietMs: options.quietMs ?? 200, maxWaitMs: options.maxWaitMs ?? 2_000 });
  }

  /** Whether `stop()` was called: a long pass checks it between its steps. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Runs a pass soon, without making the caller wait. */
  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /**
   * Kicks once no kickSoon has come for the quiet time, or the longest wait after the first:
   * a run of imports, each announcing itself, is then one pass rather than one each.
   */
  kickSoon(): void {
    if (this.halted) return;
    this.waiting ??= waiting();
    this.quiet.soon();
  }

  /** Ends the kickSoon waiting for its quiet moment: with its kick, or dropped (stop). */
  private endWait(kick: boolean): void {
    const ended = this.waiting?.ended;
    if (!ended) return;
    this.waiting = undefined;
    this.quiet.cancel();
    if (kick) this.kick();
    ended();
  }

  /** Kicks every `intervalMs` from now on, and now. */
  start(intervalMs: number): void {
    this.sweep ??= setInterval(() => this.kick(), intervalMs);
    this.sweep.unref();
    this.kick();
  }

  /** Resolves when no pass is running and none is waiting for its quiet moment (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running || this.waiting) await (this.waiting?.over ?? this.running);
  }

  /** No more passes: the sweep ends, and the pass in progress is waited for. */
  async stop(): Promise<void> {
    this.halted = true;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = undefined;
    // A kickSoon still waiting is dropped: what it announced is found by the next start's pass.
    this.endWait(false);
    await this.idle();
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.options.pass();
      } catch (error) {
        this.options.failed(error);
      }
    } while (this.again && !this.halted);
  }
}
