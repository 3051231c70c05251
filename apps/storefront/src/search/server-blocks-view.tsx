import { renderNonce } from '../security/render-nonce';
import { SEO_PLACEMENT_SCRIPT } from './seo-placement-script';
import type { PageBlocks } from './server-blocks';

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
        // SEO blocks at the head's start before the first paint; the templates stay where they are, so
        // hydration sees what the server sent (`seo-placement-script.ts`). The nonce lets it run under the
        // Content-Security-Policy (`security/render-nonce.ts`).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant built from our own function, no visitor input
        <script nonce={renderNonce()} dangerouslySetInnerHTML={{ __html: SEO_PLACEMENT_SCRIPT }} />
      )}
    </>
  );
}
