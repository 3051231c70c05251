import DxfParser from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { dxfText, renderCadDxf } from './cad-dxf';
import { sampleProduct, sampleSheet } from './testing/sample-sheet';

interface ParsedEntity {
  type: string;
  layer: string;
  text?: string;
  radius?: number;
  vertices?: { x: number; y: number }[];
}

function parse(dxf: string): { header: Record<string, unknown>; entities: ParsedEntity[] } {
  const parsed = new DxfParser().parseSync(dxf);
  if (!parsed) throw new Error('not a DXF');
  return parsed as unknown as { header: Record<string, unknown>; entities: ParsedEntity[] };
}

describe('CAD drawing (DXF)', () => {
  it('is an R12 drawing a DXF reader accepts: side view, round end profile, title with the catalogue number', () => {
    const dxf = renderCadDxf(sampleSheet());
    expect(dxf.endsWith('EOF\r\n')).toBe(true);
    const { header, entities } = parse(dxf);
    expect(header.$ACADVER).toBe('AC1009');
    const lines = entities.filter((e) => e.type === 'LINE');
    expect(lines).toHaveLength(4);
    const xs = lines.flatMap((line) => line.vertices?.map((v) => v.x) ?? []);
    expect(Math.max(...xs)).toBe(3050);
    const circle = entities.find((e) => e.type === 'CIRCLE');
    expect(circle?.radius).toBe(10.5);
    const texts = entities.filter((e) => e.type === 'TEXT').map((e) => e.text ?? '');
    expect(texts[0]).toContain('EMT-075-10-M01');
    expect(texts).toContain('Northfield Infrastructure Products');
    expect(texts.some((t) => t.includes('L = 3050 mm'))).toBe(true);
    expect(dxf).toMatch(/^[\x20-\x7e\r\n]*$/);
  });

  it('draws a rectangular profile for rectangular sizes', () => {
    const strut = { ...sampleProduct, tradeSize: { imperial: '1-5/8 x 13/16 in', metric: '41 x 21 mm' } };
    const { entities } = parse(renderCadDxf(sampleSheet({ product: strut })));
    expect(entities.filter((e) => e.type === 'LINE')).toHaveLength(8);
    expect(entities.some((e) => e.type === 'CIRCLE')).toBe(false);
  });

  it('states no dimensions for the stand-in block of a product without a usable size (a 300 ml cartridge)', () => {
    const cartridge = {
      ...sampleProduct,
      lengthMm: null,
      tradeSize: { imperial: '10.1 fl oz', metric: '300 ml' },
    };
    const { entities } = parse(renderCadDxf(sampleSheet({ product: cartridge })));
    const texts = entities.filter((e) => e.type === 'TEXT').map((e) => e.text ?? '');
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.startsWith('L = '))).toBe(false);
  });

  it('writes non-ASCII characters as \\U+ escapes', () => {
    expect(dxfText('Größe ø')).toBe('Gr\\U+00F6\\U+00DFe \\U+00F8');
  });
});
