import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { patchBody } from './patch-body';

describe('patchBody', () => {
  const body = z.strictObject({
    Name: z.string().min(1),
    FirstName: z.string().default(''),
    Roles: z.array(z.string()).default([]),
    Active: z.boolean().optional(),
  });

  it('leaves absent properties absent instead of filling their defaults in', () => {
    expect(patchBody(body).parse({ Active: true })).toEqual({ Active: true });
    expect(body.partial().parse({ Active: true })).toEqual({ Active: true, FirstName: '', Roles: [] });
  });

  it('still validates the properties given and refuses unknown ones', () => {
    expect(patchBody(body).safeParse({ Name: '' }).success).toBe(false);
    expect(patchBody(body).safeParse({ Roles: [1] }).success).toBe(false);
    expect(patchBody(body).safeParse({ Other: 1 }).success).toBe(false);
    expect(patchBody(body).parse({ FirstName: 'Ann', Roles: ['Shopper'] })).toEqual({
      FirstName: 'Ann',
      Roles: ['Shopper'],
    });
  });
});
