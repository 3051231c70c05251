import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withRegisteredMark } from './registered-mark';

const html = (text: string) => renderToStaticMarkup(<span>{withRegisteredMark(text)}</span>);

describe('withRegisteredMark', () => {
  it('raises every ® in a <sup>', () => {
    expect(html('Strut-Fit® channel')).toBe(
      '<span>Strut-Fit<sup class="registered-mark">®</sup> channel</span>',
    );
    expect(html('®A®B®')).toBe(
      '<span><sup class="registered-mark">®</sup>A<sup class="registered-mark">®</sup>B<sup class="registered-mark">®</sup></span>',
    );
  });

  it('returns text without ® unchanged and escapes markup', () => {
    expect(withRegisteredMark('Cable tray')).toBe('Cable tray');
    expect(html('<b>Tray®</b>')).toBe(
      '<span>&lt;b&gt;Tray<sup class="registered-mark">®</sup>&lt;/b&gt;</span>',
    );
  });
});
