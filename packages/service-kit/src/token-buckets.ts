/**
 * Token buckets per key (a client address, a visitor, an e-mail address), kept in memory: each key may
 * spend `capacity` units at once and earns them back at `capacity` per `periodMs`, so a steady client
 * gets the rate and a burst the capacity, with no edge where two windows meet. A request costs one unit
 * or more (a batch of events costs its number of events). Each instance counts on its own.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly periodMs: number,
    private readonly now: () => number = Date.now,
    /** Keys kept before idle ones (full again) are dropped: bounds memory under a flood of new keys. */
    private readonly maxKeys = 100_000,
  ) {}

  /**
   * The seconds to wait before `cost` units are there for `key`, or 0 when they are now. Nothing is
   * spent: `take` does that, so several buckets can be checked before any is charged.
   */
  waitFor(key: string, cost = 1): number {
    const tokens = this.tokens(key);
    if (tokens >= cost) return 0;
    if (cost > this.capacity) return Math.ceil(this.periodMs / 1000);
    return Math.max(1, Math.ceil(((cost - tokens) * this.periodMs) / this.capacity / 1000));
  }

  /** Spends `cost` units of `key` (call after `waitFor` said 0). */
  take(key: string, cost = 1): void {
    const tokens = this.tokens(key) - cost;
    if (this.buckets.size >= this.maxKeys && !this.buckets.has(key)) this.prune();
    this.buckets.set(key, { tokens, at: this.now() });
  }

  /** `waitFor` and, when nothing has to be waited for, `take`: the seconds to wait, or 0 when spent. */
  hit(key: string, cost = 1): number {
    const wait = this.waitFor(key, cost);
    if (wait === 0) this.take(key, cost);
    return wait;
  }

  private tokens(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return this.capacity;
    const earned = ((this.now() - bucket.at) * this.capacity) / this.periodMs;
    return Math.min(this.capacity, bucket.tokens + earned);
  }

  /**
   * Drops buckets that are full again (their keys start over full anyway), then, if still too many, the
   * fuller half: the keys being limited hardest are kept, so flooding new keys frees no one.
   */
  private prune(): void {
    const levels = [...this.buckets.keys()].map((key) => ({ key, tokens: this.tokens(key) }));
    for (const { key, tokens } of levels) if (tokens >= this.capacity) this.buckets.delete(key);
    if (this.buckets.size < this.maxKeys) return;
    const fullest = levels.filter((l) => l.tokens < this.capacity).sort((a, b) => b.tokens - a.tokens);
    for (const { key } of fullest.slice(0, Math.ceil(fullest.length / 2))) this.buckets.delete(key);
  }
}
