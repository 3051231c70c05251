import { loadDataFiles } from '@catalogue/dataset';
import { describe, expect, it } from 'vitest';
import { readBlocks } from './config';
import { BLOCK_TYPES } from './page-widgets';

/** The block widgets configured in packages/dataset/data/search.yaml are all usable and safe. */
describe('content blocks of search.yaml', () => {
  const widgets = loadDataFiles().searchWidgets.filter((w) =>
    (BLOCK_TYPES as readonly string[]).includes(w.type),
  );

  it('configure banner, HTML, content and SEO blocks without a refused block', () => {
    expect(new Set(widgets.map((w) => w.type))).toEqual(new Set(BLOCK_TYPES));
    for (const widget of widgets) {
      const { blocks, problems } = readBlocks(widget.config);
      expect(problems, widget.rfkId).toEqual([]);
      expect(blocks.length, widget.rfkId).toBeGreaterThan(0);
      expect(widget.entities, widget.rfkId).toEqual(['content']);
    }
  });

  it('write links with the locale prefix placeholder, never a bare site path', () => {
    for (const widget of widgets) {
      for (const block of readBlocks(widget.config).blocks) {
        expect(block.html ?? '', widget.rfkId).not.toMatch(/href="\/(?!\/)/);
        for (const item of block.content) {
          if (typeof item.url === 'string') expect(item.url, widget.rfkId).toMatch(/^\{base\}\//);
        }
      }
    }
  });
});
