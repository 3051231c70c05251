import { describe, expect, it } from 'vitest';
import { drawingVersion } from './drawing-images';
import { svgAnswer } from './drawing-route';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 1"><title>X</title></svg>';
const version = drawingVersion(svg);

describe('drawing answers', () => {
  it('caches the URL naming the current content for a year as immutable, any other for five minutes', async () => {
    const current = svgAnswer(svg, { version, ifNoneMatch: null });
    expect(current.status).toBe(200);
    expect(current.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(current.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(await current.text()).toBe(svg);
    for (const asked of [null, 'an-old-one']) {
      expect(svgAnswer(svg, { version: asked, ifNoneMatch: null }).headers.get('cache-control')).toBe(
        'public, max-age=300',
      );
    }
  });

  it('answers a matching If-None-Match (weak or in a list) with 304, a changed drawing with the new one', async () => {
    const etag = svgAnswer(svg, { version: null, ifNoneMatch: null }).headers.get('etag');
    expect(etag).toBe(`"${version}"`);
    expect(svgAnswer(svg, { version, ifNoneMatch: `"other", W/${etag}` }).status).toBe(304);
    const changed = svg.replace('X', 'Y');
    const answer = svgAnswer(changed, { version, ifNoneMatch: etag });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await answer.text()).toBe(changed);
  });
});
