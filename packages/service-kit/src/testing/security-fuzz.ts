import fc from 'fast-check';

/**
 * Hostile inputs for the 5xx fuzz of every public input (issue 20 items 8 and 11): the values a hostile
 * tester sends — NUL, unpaired surrogates, percent-encodings that do not decode, very long text, JSON
 * nested thousands deep or thousands wide, wrong types — as fast-check arbitraries, and how they travel
 * in URLs (which carry bytes, not UTF-16) and bodies. The tests assert that nothing answers 5xx.
 */

/** Text that has broken something somewhere. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDC00\uD800',
  '\uFEFF\uFFFE\uFFFF',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301',
  '😀'.repeat(50),
  '\r\nSet-Cookie: x=1',
  '../../../../etc/passwd',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '{{7*7}}${7*7}',
  '*',
  '!*',
  '|a|',
  '>=2026-01-01',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(400),
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  'xp.a.b',
  `xp.${Array(400).fill('a').join('.')}`,
];

/** Percent-encodings that are not valid UTF-8 or decode to NUL, sent as they are. */
export const RAW_URL_PARTS: readonly string[] = [
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%2e%2e%2f%2e%2e%2f',
  '%25%30%30',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  // Ordinary text with what PostgreSQL refuses somewhere inside it.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('\u0000', '\uD800', '\uDFFF'),
        fc.string({ maxLength: 12 }),
      )
      .map(([before, bad, after]) => `${before}${bad}${after}`),
  },
  // `binary` code units include unpaired surrogates and every control character.
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/**
 * JSON text of an object nested `depth` levels (`{"a":{"a":…1}}`), or of arrays when `array`: as text,
 * because `JSON.stringify` itself overflows the stack on values thousands deep.
 */
export function nestedJsonText(depth: number, array = false): string {
  return array
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE),
  fc.integer(),
);

/** JSON values: hostile leaves, wrong types, and shapes too deep, wide or long (thousands deep: `hostileBodyText`). */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  {
    weight: 3,
    arbitrary: fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
    })).value,
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      JSON.parse(nestedJsonText(40)),
      JSON.parse(nestedJsonText(40, true)),
      Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
      Array.from({ length: 20_000 }, (_, i) => i),
      JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    ),
  },
);

/** Raw body texts that are not what a route expects: broken JSON, other formats, deep brackets. */
export const hostileBodyText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '\uFEFF{}',
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '{"a":1,"a":2}',
    '['.repeat(100_000),
    nestedJsonText(5000),
    nestedJsonText(5000, true),
    `{"ID":"deep","Name":"deep","xp":${nestedJsonText(5000)}}`,
    'a=1&b=%00',
    '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY y SYSTEM "file:///etc/passwd">]><x>&y;</x>',
  ),
  hostileText,
);

/** Content types a body may claim, right or wrong. */
export const hostileContentType: fc.Arbitrary<string> = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json\u00ff',
);

/**
 * A URL-safe form of `text`: percent-encoded UTF-8 (an unpaired surrogate, which UTF-8 cannot carry,
 * becomes U+FFFD as a browser would send it).
 */
export function urlEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A URL part: hostile text percent-encoded, or a raw encoding that does not decode cleanly. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileText.map(urlEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
);

/** Header values a client can send (bytes 0x20–0x7E and 0x80–0xFF): odd, long or empty. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'ÿþ',
    'a'.repeat(8000),
    '*',
    'en-US;q=abc,,;;',
    '"',
    '\\',
    'Bearer',
    'Bearer ',
    'Basic Og==',
  ),
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xfe }).map((c) => String.fromCharCode(c === 0x7f ? 0xff : c)),
    maxLength: 60,
  }),
);

/**
 * Runs `property` twice: with a fixed seed (the same cases every run) and with a random one. fast-check's
 * failure message carries the seed and the counterexample, so a failure found by chance can be replayed.
 */
export async function assertTwice<T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  { seed, numRuns }: { seed: number; numRuns: number },
): Promise<void> {
  const property = fc.asyncProperty(arbitrary, check);
  await fc.assert(property, { seed, numRuns, endOnFailure: true });
  await fc.assert(property, { numRuns, endOnFailure: true });
}
