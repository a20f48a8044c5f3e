// The background worker that is kicked and drains: `kick()` asks for a pass soon without
// making the caller wait; passes never overlap, and a kick during a pass runs one more pass
// after it, so nothing asked for while a pass was reading is missed. A sweep kicks it now and
// then for what no kick announced (retries, another instance's leftovers, lost notices).
// The mail outbox and the alert evaluator are such workers.

export type DrainWorkerOptions = {
  /** One pass over what is due. */
  pass: () => Promise<void>;
  /** A pass that threw: the next kick or sweep tries again. */
  failed: (error: unknown) => void;
};

export class DrainWorker {
  private running: Promise<void> | undefined;
  private again = false;
  private sweep: NodeJS.Timeout | undefined;
  private halted = false;

  constructor(private readonly options: DrainWorkerOptions) {}

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

  /** Kicks every `intervalMs` from now on, and now. */
  start(intervalMs: number): void {
    this.sweep ??= setInterval(() => this.kick(), intervalMs);
    this.sweep.unref();
    this.kick();
  }

  /** Resolves when no pass is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No more passes: the sweep ends, and the pass in progress is waited for. */
  async stop(): Promise<void> {
    this.halted = true;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = undefined;
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
