import { describe, expect, it } from 'vitest';
import {
  identityFromCookies,
  personalizeChannel,
  personalizeIdentity,
  personalizePageView,
} from './personalize-events';

const page = {
  locale: 'fr-CA' as const,
  pageUri: '/product/EMT-050-10',
  uuid: 'browser-1',
  now: 1_700_000_000_000,
  channel: 'MOBILE_WEB' as const,
  currency: 'CAD',
  pointOfSale: 'Northfield/product',
};

describe('personalisation events', () => {
  it('chooses the channel by device: phones and tablets MOBILE_WEB, desktops WEB', () => {
    expect(personalizeChannel('Mobile')).toBe('MOBILE_WEB');
    expect(personalizeChannel('Tablet')).toBe('MOBILE_WEB');
    expect(personalizeChannel('Desktop')).toBe('WEB');
  });

  it('sends the page view with channel, language and currency in the event service’s envelope', () => {
    expect(personalizePageView(page)).toEqual({
      name: 'page',
      action: 'view',
      action_sub_type: 'personalize',
      uuid: 'browser-1',
      client_time_ms: 1_700_000_000_000,
      value: {
        context: { page: { uri: '/product/EMT-050-10', locale_country: 'ca', locale_language: 'fr' } },
        custom_attributes: {
          channel: 'MOBILE_WEB',
          language: 'FR',
          currency: 'CAD',
          point_of_sale: 'Northfield/product',
          page: '/product/EMT-050-10',
        },
      },
    });
  });

  it('identifies only when the email and first-name cookies exist, with names and role', () => {
    const jar: Record<string, string> = { UserEmail: 'rosa@acme.example', UserLastName: 'Delgado' };
    const read = (name: string) => jar[name] ?? null;
    expect(identityFromCookies(read)).toBeNull();
    jar.UserFirstName = 'Rosa';
    jar.UserRole = 'Electrical engineer';
    const identity = identityFromCookies(read);
    expect(identity).toEqual({
      email: 'rosa@acme.example',
      firstName: 'Rosa',
      lastName: 'Delgado',
      role: 'Electrical engineer',
    });
    const event = personalizeIdentity(page, identity as NonNullable<typeof identity>);
    expect(event).toMatchObject({
      name: 'login',
      action: 'identify',
      value: {
        context: { user: { email: 'rosa@acme.example' } },
        custom_attributes: {
          channel: 'MOBILE_WEB',
          language: 'FR',
          currency: 'CAD',
          email: 'rosa@acme.example',
          first_name: 'Rosa',
          last_name: 'Delgado',
          role: 'Electrical engineer',
        },
      },
    });
  });
});
