import { describe, expect, it } from 'vitest';
import { productGeometry } from './product-geometry';

const geometry = (
  metric: string | null,
  lengthMm: number | null = null,
  categoryId = 'conduit-fittings.x.y',
) => productGeometry({ tradeSize: metric ? { imperial: '-', metric } : null, lengthMm, categoryId });

describe('product geometry', () => {
  it('reads round, rectangular, box, thread and conductor sizes', () => {
    expect(geometry('21 mm', 3050)).toEqual({
      profile: { kind: 'circle', diameter: 21 },
      lengthMm: 3050,
      measured: true,
    });
    expect(geometry('41 x 21 mm', 3000).profile).toEqual({ kind: 'rectangle', width: 41, height: 21 });
    expect(geometry('102 x 102 x 51 mm')).toEqual({
      profile: { kind: 'rectangle', width: 102, height: 102 },
      lengthMm: 51,
      measured: true,
    });
    expect(geometry('M10', 3000).profile).toEqual({ kind: 'circle', diameter: 10 });
    expect(geometry('2.5 mm²', 100_000).profile).toEqual({ kind: 'circle', diameter: 1.78 });
  });

  it('gives cable trays their side rails, and unknown sizes a default block as long as it is wide', () => {
    expect(geometry('305 mm', 3000, 'cable-tray.ladder').profile).toEqual({
      kind: 'rectangle',
      width: 305,
      height: 100,
    });
    expect(geometry(null)).toEqual({
      profile: { kind: 'rectangle', width: 50, height: 50 },
      lengthMm: 50,
      measured: false,
    });
    expect(geometry('2 gang')).toEqual({
      profile: { kind: 'rectangle', width: 50, height: 50 },
      lengthMm: 50,
      measured: false,
    });
  });

  it('reads a box size with its unit after each number (102 x 102 mm x 38 mm), which became a 50 mm stand-in block', () => {
    expect(geometry('102 x 102 mm x 38 mm')).toEqual({
      profile: { kind: 'rectangle', width: 102, height: 102 },
      lengthMm: 38,
      measured: true,
    });
  });

  it('marks the stand-in block of a product without a usable size (a 300 ml cartridge) as not measured, so its 50 mm are never printed as dimensions', () => {
    expect(geometry('300 ml').measured).toBe(false);
    expect(geometry('300 ml').profile).toEqual({ kind: 'rectangle', width: 50, height: 50 });
  });
});
