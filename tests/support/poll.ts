/**
 * Asks `probe` until it returns something other than undefined, and resolves with that; fails
 * with the last thing seen when `timeoutMs` passes first. For waiting on a state another
 * process reaches in its own time (a readiness answer, a listing that shows an import): the
 * deadline bounds the wait, the probe is the signal.
 */
export async function pollUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000, everyMs = 50): Promise<T> {
  // The monotonic clock: a test may fake the date.
  const deadline = performance.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
