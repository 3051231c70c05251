import type { PageBlocks } from './server-blocks';

/**
 * Moves each SEO block's markup to the start of `<head>` while the page is parsed (spec §2), before the
 * first paint. The template stays where it is (hydration sees what the server sent); the copies carry
 * `data-rfk-id-seo` and `data-rfk-seo-copy` so a second run replaces instead of adding, and after a
 * client-side navigation (where React does not run this script) `placeSeoBlocks` puts the new page's in
 * place of the old page's. A constant: no visitor input.
 */
const MOVE_SEO = `(function(){var t=document.querySelectorAll('template[data-rfk-id-seo]');for(var i=t.length-1;i>=0;i--){var id=t[i].getAttribute('data-rfk-id-seo');var old=document.head.querySelectorAll('[data-rfk-seo-copy]');for(var j=0;j<old.length;j++){if(old[j].getAttribute('data-rfk-id-seo')===id)old[j].remove();}var f=t[i].content.cloneNode(true);for(var k=0;k<f.children.length;k++){f.children[k].setAttribute('data-rfk-id-seo',id);f.children[k].setAttribute('data-rfk-seo-copy','');}document.head.prepend(f);}})();`;

/** Server-rendered content blocks (`server-blocks.ts`): body blocks in place, SEO blocks into the head. */
export function ServerContentBlocks({ blocks }: { blocks: PageBlocks }) {
  if (blocks.body.length === 0 && blocks.seo.length === 0) return null;
  return (
    <>
      {blocks.body.length > 0 && (
        <div className="search-blocks">
          {blocks.body.map((block) => (
            <div
              key={block.rfkId}
              data-rfkid={block.rfkId}
              className={['search-block', ...block.classNames].join(' ')}
            >
              {block.css && (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS filtered by sanitiseCss (no `</`, imports or script URLs)
                <style data-rfk-id-style={block.rfkId} dangerouslySetInnerHTML={{ __html: block.css }} />
              )}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with the DOMPurify allow-list */}
              <div dangerouslySetInnerHTML={{ __html: block.html }} />
            </div>
          ))}
        </div>
      )}
      {blocks.seo.map((seo) => (
        <template
          key={seo.rfkId}
          data-rfk-id-seo={seo.rfkId}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: meta, links and JSON-LD only (sanitised)
          dangerouslySetInnerHTML={{ __html: seo.html }}
        />
      ))}
      {blocks.seo.length > 0 && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant written here, no visitor input
        <script dangerouslySetInnerHTML={{ __html: MOVE_SEO }} />
      )}
    </>
  );
}
