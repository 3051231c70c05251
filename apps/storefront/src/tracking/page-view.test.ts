import { describe, expect, it } from 'vitest';
import { pageViewEvent } from './page-view';

describe('pageViewEvent', () => {
  it('describes the page, the visitor, the device and the point of sale', () => {
    const exp = Math.floor(Date.UTC(2026, 10, 22, 13) / 1000);
    const payload = Buffer.from(JSON.stringify({ exp })).toString('base64url');
    const event = pageViewEvent({
      path: '/products/Cable-Tray',
      url: 'https://shop.example.com/fr-ca/products/Cable-Tray',
      title: 'Chemins de câbles | Northfield',
      locale: 'fr-CA',
      language: 'fr',
      region: 'CA',
      siteName: 'Northfield',
      userToken: `h.${payload}.s`,
      device: { userAgent: 'Mozilla/5.0 (Windows NT 10.0)', viewportWidth: 1280, maxTouchPoints: 0 },
      nowMs: Date.UTC(2026, 10, 22, 12),
    });
    expect(event).toEqual({
      event: 'page_view',
      page: {
        path: '/products/Cable-Tray',
        url: 'https://shop.example.com/fr-ca/products/Cable-Tray',
        title: 'Chemins de câbles | Northfield',
        locale: 'fr-CA',
        language: 'fr',
        region: 'CA',
        level1: 'products',
        level2: 'cable-tray',
        level3: '',
        level4: '',
        level5: '',
      },
      user: { loginStatus: 'logged in', userType: 'buyer user' },
      device: { category: 'Desktop' },
      personalization: { pointOfSale: 'Northfield/products' },
    });
  });
});
