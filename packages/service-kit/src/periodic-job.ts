export interface PeriodicJobLog {
  log(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/**
 * Runs `work` every `intervalMs` (one run at a time in this process; `work` itself must be safe with
 * several instances running it) and answers the function that stops it. A failure is logged and the
 * next run tries again; the timer does not keep the process alive. `intervalMs` 0 turns the job off.
 */
export function startPeriodicJob(
  name: string,
  intervalMs: number,
  work: () => Promise<void>,
  log: PeriodicJobLog = console,
): () => void {
  if (intervalMs <= 0) return () => undefined;
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await work();
    } catch (error) {
      if (!stopped) log.error(`[${name}] failed:`, error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
