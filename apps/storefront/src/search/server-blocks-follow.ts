/**
 * What the browser does for the content blocks home and family pages render on the server
 * (`server-blocks-view.tsx`), on the first load and after every client-side navigation (the shell's
 * page-view tracker calls these; the pages themselves load no script for it):
 * - `placeSeoBlocks`: the head holds copies of exactly the current page's SEO blocks. On the first load the
 *   page's inline script, this same function, has already placed them before the first paint; after a
 *   client-side navigation React does not run that script, and the previous page's copies would stay (a
 *   family's description on the next family).
 * - `watchBlockViews`: a widget view once per block, when it is first at least 20 % visible, as the SDK's
 *   block widgets do (spec §5 "appear (first time at least 20 percent visible, once)").
 */

/** Marks the head copies made from server templates (the SDK's own blocks, on the search page, are left alone). */
export const SEO_COPY_ATTRIBUTE = 'data-rfk-seo-copy';
/** Visible share at which a block counts as seen. */
export const APPEAR_THRESHOLD = 0.2;

export function placeSeoBlocks(doc: Document, copyAttribute = SEO_COPY_ATTRIBUTE): void {
  // Self-contained (it uses only its arguments, in syntax every supported browser parses): the page's
  // inline script is this function's source, called with both arguments (`seo-placement-script.ts`).
  for (const old of doc.head.querySelectorAll(`[${copyAttribute}]`)) old.remove();
  const templates = [...doc.querySelectorAll<HTMLTemplateElement>('template[data-rfk-id-seo]')];
  for (const template of templates.reverse()) {
    const id = template.getAttribute('data-rfk-id-seo') ?? '';
    const copy = template.content.cloneNode(true) as DocumentFragment;
    for (const node of copy.children) {
      node.setAttribute('data-rfk-id-seo', id);
      node.setAttribute(copyAttribute, '');
    }
    doc.head.prepend(copy);
  }
}

/** Calls `viewed(rfkId)` once for each server block of the page when it first appears; returns a stop. */
export function watchBlockViews(
  doc: Document,
  viewed: (rfkId: string) => void,
  Observer: typeof IntersectionObserver | undefined = globalThis.IntersectionObserver,
): () => void {
  const blocks = [...doc.querySelectorAll<HTMLElement>('.search-blocks > [data-rfkid]')];
  if (blocks.length === 0 || !Observer) return () => undefined;
  const reported = new WeakSet<Element>();
  const observer = new Observer(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < APPEAR_THRESHOLD) continue;
        if (reported.has(entry.target)) continue;
        reported.add(entry.target);
        observer.unobserve(entry.target);
        const rfkId = entry.target.getAttribute('data-rfkid');
        if (rfkId) viewed(rfkId);
      }
    },
    { threshold: APPEAR_THRESHOLD },
  );
  for (const block of blocks) observer.observe(block);
  return () => observer.disconnect();
}
