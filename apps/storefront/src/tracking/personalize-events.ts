import type { LocaleCode } from '@catalogue/dataset/model';
import { SESSION_COOKIE } from '../auth/session-cookies';
import { searchLocaleOf } from '../search/config';
import type { DeviceCategory } from './device-category';

/**
 * The personalisation layer's behaviour events (spec §1, §7): a page view on every page and, for a
 * signed-in visitor, an identity event. The spec's personalisation SDK posts them to a hosted tracker;
 * here they go to our own event service (the search service's v4 publish, `docs/search-wire.md`), in
 * its envelope, so one store and one consent check serve every event. Pure; `page-view-tracker.tsx`
 * sends them while tracking consent is on.
 */

/** Spec §7: page views for channels WEB and MOBILE_WEB. */
export type PersonalizeChannel = 'WEB' | 'MOBILE_WEB';

/** The sub-type that tells the personalisation events apart from the search widgets' own. */
export const PERSONALIZE_SUB_TYPE = 'personalize';

/** Phones and tablets browse the mobile web; everything else is the web (spec §9 device categories). */
export function personalizeChannel(device: DeviceCategory): PersonalizeChannel {
  return device === 'Desktop' ? 'WEB' : 'MOBILE_WEB';
}

export interface PersonalizePageInput {
  locale: LocaleCode;
  /** The page's path without its locale prefix. */
  pageUri: string;
  uuid: string;
  now: number;
  channel: PersonalizeChannel;
  /** ISO 4217 currency of the locale's region (`USD`, `EUR`, …). */
  currency: string;
  pointOfSale: string;
}

/** What both events carry beside their own fields: channel, language (`EN`, `FR`, …) and currency. */
function envelope(
  name: string,
  action: string,
  input: PersonalizePageInput,
  user: Record<string, unknown> | null,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const { country, language } = searchLocaleOf(input.locale);
  return {
    name,
    action,
    action_sub_type: PERSONALIZE_SUB_TYPE,
    uuid: input.uuid,
    client_time_ms: input.now,
    value: {
      context: {
        page: { uri: input.pageUri, locale_country: country, locale_language: language },
        ...(user ? { user } : {}),
      },
      custom_attributes: {
        channel: input.channel,
        language: language.toUpperCase(),
        currency: input.currency,
        point_of_sale: input.pointOfSale,
        ...extra,
      },
    },
  };
}

/** The personalisation page view of one page shown. */
export function personalizePageView(input: PersonalizePageInput): Record<string, unknown> {
  return envelope('page', 'view', input, null, { page: input.pageUri });
}

/** Who the identity event names: the UserEmail, UserFirstName, UserLastName and UserRole cookies. */
export interface PersonalizeIdentity {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** The identity cookies' values, when the email and first-name cookies exist (spec §7); else null. */
export function identityFromCookies(read: (name: string) => string | null): PersonalizeIdentity | null {
  const email = read(SESSION_COOKIE.email)?.trim();
  const firstName = read(SESSION_COOKIE.firstName)?.trim();
  if (!email || !firstName) return null;
  return {
    email,
    firstName,
    lastName: read(SESSION_COOKIE.lastName)?.trim() ?? '',
    role: read(SESSION_COOKIE.role)?.trim() ?? '',
  };
}

/**
 * The identity event (the SDK's login `identify`, spec §3: "user identify carries … email in
 * context.user") with the names and role. The service stores it only for the signed-in user whose token
 * comes with it (`services/search/src/events/publisher.ts`).
 */
export function personalizeIdentity(
  input: PersonalizePageInput,
  identity: PersonalizeIdentity,
): Record<string, unknown> {
  return envelope(
    'login',
    'identify',
    input,
    { email: identity.email },
    {
      email: identity.email,
      first_name: identity.firstName,
      last_name: identity.lastName,
      role: identity.role,
    },
  );
}
