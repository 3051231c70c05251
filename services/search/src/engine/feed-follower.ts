/**
 * Reads the change feed on a timer: every `intervalMs` while reads succeed; after a failed read it waits
 * twice as long each time (up to `maxDelayMs`), and back to the interval after the first success. A
 * failure is logged once when it starts and once when reads succeed again, not at every tick (a database
 * that refuses for a minute used to write 60 lines).
 */
export interface FeedFollowerOptions {
  sync: () => Promise<void>;
  intervalMs: number;
  maxDelayMs: number;
  /** The first failure of a run of failures. */
  onFailing: (error: unknown) => void;
  /** The first success after `failures` failed reads. */
  onRecovered: (failures: number) => void;
}

export class FeedFollower {
  /** Failed reads since the last success. */
  failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly options: FeedFollowerOptions) {}

  /** The wait before the next timed read. */
  get delayMs(): number {
    const { intervalMs, maxDelayMs } = this.options;
    if (this.failures === 0) return intervalMs;
    return Math.min(maxDelayMs, intervalMs * 2 ** Math.min(this.failures, 30));
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Reads now (a change signal), outside the timer; its outcome counts like a timed read's. */
  async now(): Promise<void> {
    try {
      await this.options.sync();
      this.succeeded();
    } catch (error) {
      this.failed(error);
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.now().finally(() => this.schedule());
    }, this.delayMs);
    this.timer.unref();
  }

  private succeeded(): void {
    if (this.failures > 0) this.options.onRecovered(this.failures);
    this.failures = 0;
  }

  private failed(error: unknown): void {
    if (this.failures === 0) this.options.onFailing(error);
    this.failures++;
  }
}
