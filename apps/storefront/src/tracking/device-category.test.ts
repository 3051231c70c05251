import { describe, expect, it } from 'vitest';
import { deviceCategory } from './device-category';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0';

describe('deviceCategory', () => {
  it('trusts a user agent that names the device', () => {
    expect(deviceCategory({ userAgent: IPHONE, viewportWidth: 390, maxTouchPoints: 5 })).toBe('Mobile');
    expect(deviceCategory({ userAgent: ANDROID_PHONE, viewportWidth: 1200, maxTouchPoints: 5 })).toBe(
      'Mobile',
    );
    expect(deviceCategory({ userAgent: ANDROID_TABLET, viewportWidth: 800, maxTouchPoints: 5 })).toBe(
      'Tablet',
    );
    expect(deviceCategory({ userAgent: IPAD, viewportWidth: 820, maxTouchPoints: 5 })).toBe('Tablet');
  });

  it('judges a desktop user agent on a touch screen by the viewport (iPadOS)', () => {
    expect(deviceCategory({ userAgent: MAC, viewportWidth: 1024, maxTouchPoints: 5 })).toBe('Tablet');
    expect(deviceCategory({ userAgent: MAC, viewportWidth: 700, maxTouchPoints: 5 })).toBe('Mobile');
    expect(deviceCategory({ userAgent: MAC, viewportWidth: 1440, maxTouchPoints: 5 })).toBe('Desktop');
  });

  it('keeps desktops desktops, narrow windows included', () => {
    expect(deviceCategory({ userAgent: MAC, viewportWidth: 1024, maxTouchPoints: 0 })).toBe('Desktop');
    expect(deviceCategory({ userAgent: WINDOWS, viewportWidth: 500, maxTouchPoints: 0 })).toBe('Desktop');
    expect(deviceCategory({ userAgent: '', viewportWidth: 0, maxTouchPoints: 0 })).toBe('Desktop');
  });
});
