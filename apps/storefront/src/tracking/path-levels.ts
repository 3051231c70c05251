/** How many path levels analytics receives (spec §2). */
export const PATH_LEVEL_COUNT = 5;

export type PathLevels = Readonly<{
  level1: string;
  level2: string;
  level3: string;
  level4: string;
  level5: string;
}>;

/**
 * The page path split into up to five lowercase levels for analytics (spec §2):
 * `/Products/Conduit-Fittings/emt` → level1 `products`, level2 `conduit-fittings`, level3 `emt`, the rest
 * ''. Empty segments (`//`, a trailing `/`) are skipped, percent-escapes decoded, levels past the fifth
 * dropped; the root path has no levels.
 */
export function pathLevels(path: string): PathLevels {
  const segments = path
    .split(/[?#]/, 1)[0]
    ?.split('/')
    .filter((segment) => segment !== '')
    .map((segment) => safeDecode(segment).toLowerCase());
  const level = (index: number) => segments?.[index] ?? '';
  return { level1: level(0), level2: level(1), level3: level(2), level4: level(3), level5: level(4) };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape (`%E0%A4%A`) is kept as written rather than failing the page view.
    return segment;
  }
}
