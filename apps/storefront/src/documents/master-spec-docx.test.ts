import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { renderMasterSpecDocx } from './master-spec-docx';
import { sampleSheet } from './testing/sample-sheet';

describe('master specification (DOCX)', () => {
  it('is a Word document with the section, the basis of design and the table rows', async () => {
    const bytes = await renderMasterSpecDocx(sampleSheet());
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toContain('[Content_Types].xml');
    const xml = strFromU8(files['word/document.xml'] ?? new Uint8Array());
    const text = xml.replace(/<[^>]+>/g, ' ');
    expect(text).toContain('Ausschreibungstext');
    expect(text).toContain('26 05 33 – Installationsrohre und Dosen für elektrische Anlagen');
    expect(text).toContain(
      'Leitfabrikat: Northfield EMT-Rohr, Katalognummer EMT-075-10-M01, oder gleichwertig.',
    );
    expect(text).toContain('Normen und Zulassungen');
    expect((xml.match(/<w:tr[ >]/g) ?? []).length).toBe(3);
  });
});
