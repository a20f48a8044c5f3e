import { LRUCache } from 'lru-cache';

// Answers kept as promises, so that asks arriving while one is computed share it. A promise
// that rejects is forgotten (a refusal, a failed read): the next ask computes again. The
// listing's index passes and country totals and the sitemaps' change-log reads keep theirs per
// index version, by putting the version in the key; older ones age out.

export class KeptPromises<T> {
  private readonly kept: LRUCache<string, Promise<T>>;

  /** `max`: the most answers kept, the least recently asked dropped first. */
  constructor(max: number) {
    this.kept = new LRUCache<string, Promise<T>>({ max });
  }

  /** The kept answer for `key`, else `compute()`'s, kept. */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept) return kept;
    const made = compute();
    this.kept.set(key, made);
    made.catch(() => {
      if (this.kept.peek(key) === made) this.kept.delete(key);
    });
    return made;
  }

  /** Keeps an answer made elsewhere for `key`, unless one is kept already. */
  keep(key: string, value: T): void {
    if (!this.kept.has(key)) this.kept.set(key, Promise.resolve(value));
  }
}
