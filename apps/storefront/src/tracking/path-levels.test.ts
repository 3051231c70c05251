import { describe, expect, it } from 'vitest';
import { pathLevels } from './path-levels';

describe('pathLevels', () => {
  it('splits a path into lowercase levels and leaves the rest empty', () => {
    expect(pathLevels('/Products/Conduit-Fittings/EMT-Conduit')).toEqual({
      level1: 'products',
      level2: 'conduit-fittings',
      level3: 'emt-conduit',
      level4: '',
      level5: '',
    });
  });

  it('gives the root path no levels and keeps at most five', () => {
    expect(Object.values(pathLevels('/'))).toEqual(['', '', '', '', '']);
    expect(Object.values(pathLevels('/a/b/c/d/e/f/g'))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('ignores the query, the fragment, empty segments and decodes escapes', () => {
    expect(pathLevels('//search/?q=Tray#top').level1).toBe('search');
    expect(pathLevels('/search/?q=Tray#top').level2).toBe('');
    expect(pathLevels('/produits/%C3%89crous').level2).toBe('écrous');
    expect(pathLevels('/bad/%E0%A4%A').level2).toBe('%e0%a4%a');
  });
});
