import { describe, expect, it } from 'vitest';
import { robotsOf, splitTags } from './shell-metadata';

const route = { MetaRobots: 'index, follow', MetaGooglebot: 'index, follow, max-snippet:-1' };

describe('robots and keywords from the route item', () => {
  it('keeps every page out of indexes outside Production, whatever the route says', () => {
    expect(robotsOf(false, route)).toEqual({ robots: { index: false, follow: false } });
    expect(robotsOf(false, null)).toEqual({ robots: { index: false, follow: false } });
  });

  it('says in Production what the route item says, and nothing when it says nothing', () => {
    expect(robotsOf(true, route)).toEqual({
      robots: 'index, follow',
      other: { googlebot: 'index, follow, max-snippet:-1' },
    });
    expect(robotsOf(true, { MetaRobots: ' noindex ', MetaGooglebot: '' })).toEqual({ robots: 'noindex' });
    expect(robotsOf(true, null)).toEqual({});
  });

  it('splits MetaTags into keywords without blanks or repeats', () => {
    expect(splitTags(' conduit, EMT ,, conduit,fittings ')).toEqual(['conduit', 'EMT', 'fittings']);
    expect(splitTags('')).toEqual([]);
  });
});
