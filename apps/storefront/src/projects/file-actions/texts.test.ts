import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/translator';
import { ENGLISH_FILE_ACTION_TEXTS, fileActionTexts, importFailureText } from './texts';

describe('import failure texts (issue 22 item 12)', () => {
  it('a file that imports nothing says "nothing imported" and why, in the page’s language', () => {
    const german = fileActionTexts(
      createTranslator({
        'files.nothingImported': 'Nichts wurde importiert.',
        'files.problem.headerOnly': 'Die Datei hat eine Kopfzeile, aber keine Zeilen darunter.',
        'files.problem.unreadable': 'Zeile {line} kann nicht gelesen werden.',
        'files.failed': 'Die Datei konnte nicht importiert werden.',
      }),
    );
    expect(
      importFailureText(german, { error: 'The CSV has a header but no lines.', code: 'header-only' }),
    ).toBe('Nichts wurde importiert. Die Datei hat eine Kopfzeile, aber keine Zeilen darunter.');
    expect(importFailureText(german, { error: 'x', code: 'unreadable', line: 7 })).toBe(
      'Nichts wurde importiert. Zeile 7 kann nicht gelesen werden.',
    );
    expect(importFailureText(german, null)).toBe(
      'Nichts wurde importiert. Die Datei konnte nicht importiert werden.',
    );
  });

  it('a refusal without a known code keeps the route’s message after "Nothing was imported."', () => {
    expect(
      importFailureText(ENGLISH_FILE_ACTION_TEXTS, {
        error: 'The project has been submitted.',
        code: 'other',
      }),
    ).toBe('Nothing was imported. The project has been submitted.');
    expect(importFailureText(ENGLISH_FILE_ACTION_TEXTS, { code: 'too-large', max: 256 })).toBe(
      'Nothing was imported. The file is larger than 256 KB.',
    );
  });
});
