import { describe, expect, it } from 'vitest';
import { sanitiseBodyHtml, sanitiseCss, sanitiseHeadHtml } from './sanitise';

describe('the rich-text sanitiser of the write API', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<p onclick="steal()" class="lead">Hi</p>', '<p class="lead">Hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox">x</a>', '<a>x</a>'],
    ['<img src="/a.png" onerror="alert(1)" alt="A">', '<img src="/a.png" alt="A">'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<form action="/x"><input name="a"></form>ok', 'ok'],
    ['<p style="background:url(javascript:alert(1))" id="x">s</p>', '<p>s</p>'],
    ['<div><style>*{}</style>t</div>', '<div>t</div>'],
    // mXSS through a parser differential: parse5 builds what browsers build.
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('removes what runs script: %s', (html, safe) => {
    expect(sanitiseBodyHtml(html)).toBe(safe);
  });

  it('keeps the allowed markup as it is', () => {
    const html =
      '<section class="promo"><h2>Plan it</h2><p>Text with <strong>bold</strong>, <em>emphasis</em> and a <a href="{base}/projects">link</a>.</p><ul><li>One</li></ul><table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table><a href="https://example.com/x" title="t">out</a> <a href="mailto:a@b.co">mail</a> <a href="tel:+15551234">call</a><img src="/media/a.png" alt="A" width="10" height="10" loading="lazy"></section>';
    expect(sanitiseBodyHtml(html)).toBe(html);
  });

  it('opens new tabs safely and drops other targets', () => {
    expect(sanitiseBodyHtml('<a href="/x" target="_blank">x</a>')).toBe(
      '<a href="/x" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitiseBodyHtml('<a href="/x" target="_top" rel="opener">x</a>')).toBe(
      '<a href="/x" rel="opener">x</a>',
    );
    expect(sanitiseBodyHtml('<p target="_blank" rel="x">x</p>')).toBe('<p>x</p>');
  });

  it('keeps meta, canonical links and JSON-LD data in SEO markup, nothing that runs or redirects', () => {
    const head =
      '<meta name="description" content="Cable tray"><meta property="og:title" content="Home"><link rel="canonical" href="/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><script>alert(1)</script><script type="application/ld+json">{"@type":"Organization","name":"N</script><script>alert(1)</script>"}</script><script type="application/ld+json">{"@type":"WebSite","name":"<b>N</b>"}</script>';
    const safe = sanitiseHeadHtml(head);
    expect(safe).toBe(
      '<meta name="description" content="Cable tray"><meta property="og:title" content="Home"><link rel="canonical" href="/">"}<script type="application/ld+json">{"@type":"WebSite","name":"\\u003cb>N\\u003c/b>"}</script>',
    );
  });

  it('takes out of CSS what loads or runs anything', () => {
    const css =
      '.a { color: red; background: url(/img/a.png) } @import url(https://evil.example/x.css); .b { background: url("https://evil.example/b.png"); width: expression(alert(1)); behavior: url(x.htc); -moz-binding: url(x.xml) } </style><script>';
    const safe = sanitiseCss(css);
    expect(safe).toContain('.a { color: red; background: url(/img/a.png) }');
    expect(safe).not.toMatch(/@import|evil\.example|expression\(|behavior|-moz-binding|</);
  });
});
