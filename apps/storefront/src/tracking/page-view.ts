import { type DeviceCategory, type DeviceHints, deviceCategory } from './device-category';
import { type LoginStatus, loginStatusFromToken, type UserType, userTypeOf } from './login-status';
import { type PathLevels, pathLevels } from './path-levels';
import { pointOfSale } from './point-of-sale';

/** The page view the shell pushes into `window.dataLayer` (GTM style) on every page shown. */
export interface PageViewEvent {
  event: 'page_view';
  page: {
    /** Locale-neutral path (`/products/x`, also on `/fr-ca/products/x`). */
    path: string;
    /** The URL visitors see, without query string. */
    url: string;
    title: string;
    locale: string;
    language: string;
    region: string;
  } & PathLevels;
  user: { loginStatus: LoginStatus; userType: UserType };
  device: { category: DeviceCategory };
  personalization: { pointOfSale: string };
}

export interface PageViewInput {
  path: string;
  url: string;
  title: string;
  locale: string;
  language: string;
  region: string;
  siteName: string;
  /** The UserToken cookie's value, if any (spec §4). */
  userToken: string | null;
  device: DeviceHints;
  nowMs: number;
}

/** The data-layer event of one page view (spec §2, §4, §9). */
export function pageViewEvent(input: PageViewInput): PageViewEvent {
  const loginStatus = loginStatusFromToken(input.userToken, input.nowMs);
  return {
    event: 'page_view',
    page: {
      path: input.path,
      url: input.url,
      title: input.title,
      locale: input.locale,
      language: input.language,
      region: input.region,
      ...pathLevels(input.path),
    },
    user: { loginStatus, userType: userTypeOf(loginStatus) },
    device: { category: deviceCategory(input.device) },
    personalization: { pointOfSale: pointOfSale(input.siteName, input.path) },
  };
}
