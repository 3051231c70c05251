import { TokenBuckets } from '@catalogue/service-kit';
import { type AttributedEvent, visitorKey } from './publisher';

export type LimitedBy = 'address' | 'visitor';

/** How long to wait, and which limit said so; null when the events may be stored. */
export type LimitVerdict = { waitSeconds: number; limitedBy: LimitedBy } | null;

/**
 * How many events anonymous and signed-in publishers may store: per client address and per visitor
 * (browser id or signed-in user), each a token bucket of `per…` events a minute. Counted in memory per
 * instance: the limits protect this instance and bound what any one client adds to the table (n
 * instances behind a balancer allow at most n times as much); what a client weighs in recommendations is
 * bounded separately, in the data every instance shares (recommend/signals.ts counts distinct visitors).
 */
export class PublishLimits {
  private readonly byAddress: TokenBuckets;
  private readonly byVisitor: TokenBuckets;

  constructor(perAddressPerMinute: number, perVisitorPerMinute: number, now: () => number = Date.now) {
    this.byAddress = new TokenBuckets(perAddressPerMinute, 60_000, now);
    this.byVisitor = new TokenBuckets(perVisitorPerMinute, 60_000, now);
  }

  /** Before reading the body: is there room for one more request from this address? */
  admit(address: string): LimitVerdict {
    const wait = this.byAddress.waitFor(address, 1);
    return wait > 0 ? { waitSeconds: wait, limitedBy: 'address' } : null;
  }

  /** A refused request (bad body) costs its address one event. */
  chargeRefused(address: string): void {
    this.byAddress.hit(address, 1);
  }

  /**
   * Charges the events to the address and to each visitor they are about, all or nothing: when one
   * limit is reached nothing is charged and the longest wait is answered.
   */
  charge(address: string, events: AttributedEvent[]): LimitVerdict {
    const perVisitor = new Map<string, number>();
    for (const event of events) {
      const key = visitorKey(event);
      perVisitor.set(key, (perVisitor.get(key) ?? 0) + 1);
    }
    let verdict: LimitVerdict = null;
    const consider = (waitSeconds: number, limitedBy: LimitedBy) => {
      if (waitSeconds > (verdict?.waitSeconds ?? 0)) verdict = { waitSeconds, limitedBy };
    };
    consider(this.byAddress.waitFor(address, events.length), 'address');
    for (const [visitor, count] of perVisitor) consider(this.byVisitor.waitFor(visitor, count), 'visitor');
    if (verdict) return verdict;
    this.byAddress.take(address, events.length);
    for (const [visitor, count] of perVisitor) this.byVisitor.take(visitor, count);
    return null;
  }
}
