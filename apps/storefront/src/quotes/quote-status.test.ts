import { describe, expect, it } from 'vitest';
import { buyerActions, hasLapsed, statusKey, validityOf } from './quote-status';
import { QUOTE_STATUSES } from './quote-wire';

const now = new Date('2027-03-10T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe("the buyer's actions per status (docs/quotes-wire.md, the buyer's columns)", () => {
  it('offers accept and request changes only on a Quoted offer still valid', () => {
    const open = buyerActions({ Status: 'Quoted', ValidUntil: inDays(5) }, now);
    expect(open).toEqual({ accept: true, decline: true, requestChanges: true, message: true });
    const lapsed = buyerActions({ Status: 'Quoted', ValidUntil: inDays(-1) }, now);
    expect(lapsed).toEqual({ accept: false, decline: false, requestChanges: false, message: true });
  });

  it('lets the buyer decline what is still being worked on, and never a settled quote', () => {
    for (const status of ['Submitted', 'InReview', 'ChangesRequested'] as const) {
      expect(buyerActions({ Status: status, ValidUntil: null }, now)).toEqual({
        accept: false,
        decline: true,
        requestChanges: false,
        message: true,
      });
    }
    for (const status of ['Accepted', 'Declined', 'Expired'] as const) {
      expect(buyerActions({ Status: status, ValidUntil: inDays(5) }, now).decline).toBe(false);
    }
  });

  it('closes the conversation of a withdrawn quote only', () => {
    const open = QUOTE_STATUSES.filter(
      (status) => buyerActions({ Status: status, ValidUntil: null }, now).message,
    );
    expect(open).toEqual(QUOTE_STATUSES.filter((status) => status !== 'Withdrawn'));
  });

  it('takes a Quoted quote past its validity as lapsed before the job marks it', () => {
    expect(hasLapsed({ Status: 'Quoted', ValidUntil: now.toISOString() }, now)).toBe(true);
    expect(hasLapsed({ Status: 'Quoted', ValidUntil: inDays(0.01) }, now)).toBe(false);
    expect(hasLapsed({ Status: 'Expired', ValidUntil: inDays(3) }, now)).toBe(true);
  });
});

describe('validity', () => {
  it('marks an offer ending within three days as expiring soon', () => {
    expect(validityOf({ Status: 'Quoted', ValidUntil: inDays(10) }, now).kind).toBe('valid');
    expect(validityOf({ Status: 'Quoted', ValidUntil: inDays(3) }, now).kind).toBe('soon');
    expect(validityOf({ Status: 'Quoted', ValidUntil: inDays(0.5) }, now).kind).toBe('soon');
    expect(validityOf({ Status: 'Quoted', ValidUntil: inDays(-0.5) }, now).kind).toBe('lapsed');
    expect(validityOf({ Status: 'Expired', ValidUntil: inDays(-2) }, now).kind).toBe('lapsed');
  });

  it('shows none for quotes that are not an offer on the table', () => {
    expect(validityOf({ Status: 'Submitted', ValidUntil: null }, now)).toEqual({ kind: 'none' });
    expect(validityOf({ Status: 'Accepted', ValidUntil: inDays(10) }, now)).toEqual({ kind: 'none' });
    expect(validityOf({ Status: 'ChangesRequested', ValidUntil: inDays(1) }, now)).toEqual({ kind: 'none' });
  });
});

describe('status names', () => {
  it('have a camelCase dictionary key per status', () => {
    expect(QUOTE_STATUSES.map(statusKey)).toEqual([
      'quotes.status.submitted',
      'quotes.status.inReview',
      'quotes.status.quoted',
      'quotes.status.changesRequested',
      'quotes.status.accepted',
      'quotes.status.declined',
      'quotes.status.expired',
      'quotes.status.withdrawn',
    ]);
  });
});
