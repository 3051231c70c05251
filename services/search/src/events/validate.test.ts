import { describe, expect, it } from 'vitest';
import { checkEvent, consentRefused } from './validate';

const context = { page: { uri: '/fr-ca/products/abc', locale_language: 'fr', locale_country: 'CA' } };
const visitor = { uuid: '2222222-61-t7-4s-1p-abc-1795362660181', client_time_ms: 1_795_362_660_196 };

function problemOf(event: unknown): { message: string; field: string } {
  const check = checkEvent(event);
  if (check.ok) throw new Error('expected a refusal');
  return check.problem;
}

describe('checkEvent (spec §5)', () => {
  it('accepts an entity page view and extracts the recipe columns', () => {
    const check = checkEvent({
      ...visitor,
      name: 'entity_page',
      action: 'view',
      value: { entities: [{ id: 'SKU-1', entity_type: 'product' }], context },
    });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.event).toMatchObject({
      name: 'entity_page',
      action: 'view',
      uuid: visitor.uuid,
      userId: null,
      entityType: 'product',
      entityIds: ['SKU-1'],
      locale: 'fr-CA',
      pageUri: '/fr-ca/products/abc',
    });
    expect(check.event.clientTime?.getTime()).toBe(visitor.client_time_ms);
  });

  it('refuses an event without a name', () => {
    expect(problemOf({ ...visitor, action: 'view', value: { context } })).toEqual({
      message: 'Event name is not defined',
      field: 'name',
    });
    expect(problemOf({ ...visitor, name: '', action: 'view' }).field).toBe('name');
  });

  it('refuses an item without an id or an entity type', () => {
    const base = { ...visitor, name: 'cart', action: 'add' };
    expect(problemOf({ ...base, value: { entities: [{ entity_type: 'product' }] } })).toEqual({
      message: 'A field is missing on one or more of the items provided',
      field: 'value.entities[0].id',
    });
    expect(
      problemOf({ ...base, value: { entities: [{ id: 'A', entity_type: 'product' }, { id: 'B' }] } }).field,
    ).toBe('value.entities[1].entity_type');
  });

  it('refuses an entity click without an index, accepts index 0', () => {
    const click = {
      ...visitor,
      name: 'widget',
      action: 'click',
      action_cause: 'entity',
      value: { rfk_id: 'rfkid_7', entity: 'product', entities: [{ id: 'A', entity_type: 'product' }] },
    };
    expect(problemOf(click)).toEqual({
      message: 'Field index is mandatory for widget click entity events and is having invalid/missing value',
      field: 'value.index',
    });
    expect(problemOf({ ...click, value: { ...click.value, index: -1 } }).field).toBe('value.index');
    const ok = checkEvent({ ...click, value: { ...click.value, index: 0 } });
    expect(ok.ok && ok.event.position).toBe(0);
  });

  it('refuses a facet event without a facet id', () => {
    const facet = { ...visitor, name: 'widget', action: 'click', action_cause: 'filter' };
    expect(problemOf({ ...facet, value: { rfk_id: 'rfkid_7', filters: [{ title: 'Colour' }] } })).toEqual({
      message: 'Facet events need a facet id',
      field: 'value.filters[0].name',
    });
    expect(problemOf({ ...facet, value: { rfk_id: 'rfkid_7' } }).field).toBe('value.filters');
    expect(checkEvent({ ...facet, value: { filters: [{ name: 'colour', title: 'Colour' }] } }).ok).toBe(true);
    expect(
      checkEvent({ ...facet, value: { filters: [{ facetId: 'colour', facetTitle: 'Colour' }] } }).ok,
    ).toBe(true);
  });

  it('refuses an order confirmation without an order id and a login without user details', () => {
    expect(problemOf({ ...visitor, name: 'order_confirm', action: 'add', value: {} }).message).toBe(
      'Transaction orderId is not defined',
    );
    expect(problemOf({ ...visitor, name: 'login', action: 'identify', value: { context } }).message).toBe(
      'User information is empty or not complete',
    );
    expect(
      checkEvent({
        ...visitor,
        name: 'login',
        action: 'identify',
        value: { context: { user: { email: 'a@b.c' } } },
      }).ok,
    ).toBe(true);
  });

  it('refuses an event with no visitor id, a bad action or malformed fields', () => {
    expect(problemOf({ name: 'entity_page', action: 'view' }).field).toBe('uuid');
    expect(problemOf({ ...visitor, name: 'entity_page' }).field).toBe('action');
    expect(problemOf({ ...visitor, name: 'x', action: 'view', value: [] }).field).toBe('value');
    expect(problemOf({ ...visitor, name: 'x', action: 'view', value: { entities: {} } }).field).toBe(
      'value.entities',
    );
    expect(problemOf({ ...visitor, name: 'x'.repeat(300), action: 'view' }).field).toBe('name');
    expect(problemOf({ ...visitor, name: 'x', action: 'view', client_time_ms: 'now' }).field).toBe(
      'client_time_ms',
    );
    expect(problemOf('event').field).toBe('');
  });

  it('reads a consent-off flag from the body', () => {
    expect(consentRefused({ name: 'x', consent: false })).toBe(true);
    expect(consentRefused({ name: 'x', value: { context: { user: { track_consent: false } } } })).toBe(true);
    expect(consentRefused({ name: 'x', consent: true })).toBe(false);
    expect(consentRefused({ name: 'x' })).toBe(false);
  });
});
