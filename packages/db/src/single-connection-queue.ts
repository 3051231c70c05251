import { DatabaseUnavailableError } from './unavailable';

/**
 * The queue for PGlite's one connection, with the same bounded wait as a PostgreSQL pool: work runs one
 * at a time in arrival order, and work still waiting after `waitMs` is refused with
 * `DatabaseUnavailableError('busy')` and never runs. PGlite keeps its own lock besides (it serialises
 * everything); this queue only decides who reaches it, so a burst is refused instead of piling up.
 */
export class SingleConnectionQueue {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly waitMs: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const enter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(enter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new DatabaseUnavailableError('busy'));
      }, this.waitMs);
      this.waiting.push(enter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}
