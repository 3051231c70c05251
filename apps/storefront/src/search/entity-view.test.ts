import { describe, expect, it } from 'vitest';
import { checkEvent } from '../../../../services/search/src/events/validate';
import { entityPageViewEvent, widgetViewEvent } from './entity-view';

describe('product page view event', () => {
  const event = entityPageViewEvent({
    productId: 'EMT-075-10',
    locale: 'fr-CA',
    pageUri: '/product/EMT-075-10',
    uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    now: 1_795_362_660_196,
  });

  it('has the body of the SDK’s entity page view', () => {
    expect(event).toEqual({
      name: 'entity_page',
      action: 'view',
      uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      client_time_ms: 1_795_362_660_196,
      value: {
        entities: [{ id: 'EMT-075-10', entity_type: 'product' }],
        context: { page: { uri: '/product/EMT-075-10', locale_country: 'ca', locale_language: 'fr' } },
      },
    });
  });

  it('is accepted by the search service’s event validation', () => {
    expect(checkEvent(event).ok).toBe(true);
  });
});

describe('content block view event', () => {
  const event = widgetViewEvent({
    rfkId: 'rfkid_family_help',
    locale: 'de-EU',
    pageUri: '/products/cable-tray',
    uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    now: 1_795_362_660_196,
  });

  it('has the body of the SDK’s widget view', () => {
    expect(event).toEqual({
      name: 'widget',
      action: 'view',
      uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      client_time_ms: 1_795_362_660_196,
      value: {
        entity: 'content',
        rfk_id: 'rfkid_family_help',
        entities: [],
        context: { page: { uri: '/products/cable-tray', locale_country: 'eu', locale_language: 'de' } },
      },
    });
  });

  it('is accepted by the search service’s event validation', () => {
    const checked = checkEvent(event);
    expect(checked.ok).toBe(true);
    expect(checked.ok && checked.event).toMatchObject({
      name: 'widget',
      action: 'view',
      rfkId: 'rfkid_family_help',
    });
  });
});
