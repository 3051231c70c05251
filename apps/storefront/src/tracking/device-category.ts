export type DeviceCategory = 'Mobile' | 'Tablet' | 'Desktop';

export interface DeviceHints {
  userAgent: string;
  /** The layout viewport's width in CSS pixels. */
  viewportWidth: number;
  /** `navigator.maxTouchPoints`: 0 on devices without a touch screen. */
  maxTouchPoints: number;
}

/** Below this width a touch device counts as a phone. */
export const MOBILE_MAX_WIDTH = 767;
/** Below this width a touch device counts as a tablet (iPadOS reports a desktop Safari user agent). */
export const TABLET_MAX_WIDTH = 1366;

/**
 * The device category analytics receives (spec §9: pc, mobile, tablet). The user agent decides when it
 * names the device (`iPad`, `Tablet`, Android without `Mobile` → Tablet; `Mobi`, `iPhone`, `iPod`,
 * Android with `Mobile` → Mobile). A desktop user agent on a touch screen (iPadOS, touch laptops in
 * tablet mode) is judged by the viewport: up to 767 px Mobile, up to 1366 px Tablet. Anything else is
 * Desktop — a narrow desktop window is still a desktop.
 */
export function deviceCategory({ userAgent, viewportWidth, maxTouchPoints }: DeviceHints): DeviceCategory {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'Tablet';
  if (/Android/i.test(userAgent)) return /Mobile/i.test(userAgent) ? 'Mobile' : 'Tablet';
  if (/Mobi|iPhone|iPod|Windows Phone|BlackBerry/i.test(userAgent)) return 'Mobile';
  if (maxTouchPoints > 1 && /Macintosh|CrOS|Linux/i.test(userAgent)) {
    if (viewportWidth <= MOBILE_MAX_WIDTH) return 'Mobile';
    if (viewportWidth <= TABLET_MAX_WIDTH) return 'Tablet';
  }
  return 'Desktop';
}
