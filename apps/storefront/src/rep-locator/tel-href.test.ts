import { describe, expect, it } from 'vitest';
import { telHref } from './tel-href';

describe('telHref', () => {
  it.each([
    ['(617) 555-0142', 'US', 'tel:+16175550142'],
    ['1-416-555-0193', 'CA', 'tel:+14165550193'],
    ['020 7946 0321', 'GB', 'tel:+442079460321'],
    ['+49 30 23125 410', 'EU', 'tel:+493023125410'],
    ['(02) 5550 1234', 'AU', 'tel:+61255501234'],
    ['(09) 555 0123', 'NZ', 'tel:+6495550123'],
  ] as const)('links %s (%s) as %s', (phone, region, href) => {
    expect(telHref(phone, region)).toBe(href);
  });
});
