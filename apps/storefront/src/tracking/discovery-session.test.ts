import { describe, expect, it } from 'vitest';
import {
  DISCOVERY_SESSION_MS,
  DISCOVERY_SESSION_SECONDS,
  formatSessionCounter,
  nextDiscoverySession,
  parseSessionCounter,
  sessionMarkerValue,
} from './discovery-session';

describe('discovery session cookies', () => {
  it('last 30 minutes (spec §9: 1,800,000 ms) and mark the session with the customer key’s domain', () => {
    expect(DISCOVERY_SESSION_MS).toBe(1_800_000);
    expect(DISCOVERY_SESSION_SECONDS).toBe(1800);
    expect(sessionMarkerValue('11111-2222222')).toBe('11111');
  });

  it('counts pages within a visit and starts a new visit when the marker has lapsed', () => {
    const first = nextDiscoverySession({ counter: null, markerPresent: false, userId: 'u-1', now: 1000 });
    expect(formatSessionCounter(first)).toBe('u-1.1000.1000.1.1.1');
    const second = nextDiscoverySession({
      counter: formatSessionCounter(first),
      markerPresent: true,
      userId: 'u-1',
      now: 2000,
    });
    expect(formatSessionCounter(second)).toBe('u-1.1000.1000.1.2.2');
    const nextVisit = nextDiscoverySession({
      counter: formatSessionCounter(second),
      markerPresent: false,
      userId: 'u-1',
      now: 5_000_000,
    });
    expect(formatSessionCounter(nextVisit)).toBe('u-1.1000.5000000.2.3.1');
  });

  it('starts over for another browser id or a counter it cannot read', () => {
    expect(
      nextDiscoverySession({ counter: 'u-1.1.2.3.4.5', markerPresent: true, userId: 'u-2', now: 9 }),
    ).toMatchObject({ userId: 'u-2', visitCount: 1, pageViews: 1 });
    expect(parseSessionCounter('u-1.x.2.3.4.5')).toBeNull();
    expect(parseSessionCounter('u-1.1.2')).toBeNull();
  });

  it('reads the counter the search SDK writes (`uid.previous.current.visits.pages.visitPages`)', () => {
    expect(parseSessionCounter('11111-ab-4c-1p-x-1700000000000.1.2.3.4.5')).toEqual({
      userId: '11111-ab-4c-1p-x-1700000000000',
      previousSessionStart: 1,
      currentSessionStart: 2,
      visitCount: 3,
      pageViews: 4,
      visitPageViews: 5,
    });
  });
});
