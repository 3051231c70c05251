import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedFollower } from './feed-follower';

/** A feed read that fails while `refusing` is set, counting its calls; and what the follower reported. */
function follow(intervalMs = 100, maxDelayMs = 1000) {
  const state = { refusing: true, reads: 0, failing: 0, recovered: [] as number[] };
  const follower = new FeedFollower({
    sync: async () => {
      state.reads++;
      if (state.refusing) throw new Error('database busy');
    },
    intervalMs,
    maxDelayMs,
    onFailing: () => state.failing++,
    onRecovered: (failures) => state.recovered.push(failures),
  });
  return { follower, state };
}

describe('FeedFollower', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits twice as long after each failed read, up to the cap, and reports the failure once', async () => {
    vi.useFakeTimers();
    const { follower, state } = follow();
    follower.start();
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      const reads = state.reads;
      await vi.advanceTimersByTimeAsync(follower.delayMs);
      expect(state.reads).toBe(reads + 1);
      delays.push(follower.delayMs);
    }
    expect(delays).toEqual([200, 400, 800, 1000, 1000, 1000]);
    expect(state.failing).toBe(1);
    // Nothing is read before the capped delay has passed.
    await vi.advanceTimersByTimeAsync(999);
    expect(state.reads).toBe(6);
    follower.stop();
  });

  it('goes back to the interval after a success and reports the recovery once', async () => {
    vi.useFakeTimers();
    const { follower, state } = follow();
    follower.start();
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(follower.failures).toBe(3);
    state.refusing = false;
    await vi.advanceTimersByTimeAsync(800);
    expect(follower.failures).toBe(0);
    expect(follower.delayMs).toBe(100);
    expect(state.recovered).toEqual([3]);
    const reads = state.reads;
    await vi.advanceTimersByTimeAsync(500);
    expect(state.reads).toBe(reads + 5);
    expect(state.recovered).toEqual([3]);
    expect(state.failing).toBe(1);
    follower.stop();
  });

  it('counts a read on a change signal like a timed one, and reads nothing after stop', async () => {
    vi.useFakeTimers();
    const { follower, state } = follow();
    follower.start();
    await follower.now();
    expect(follower.failures).toBe(1);
    follower.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.reads).toBe(1);
  });
});
