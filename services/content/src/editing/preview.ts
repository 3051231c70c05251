import type { CommerceTokenVerifier } from '@catalogue/service-kit/commerce-token';
import { errorResponse } from '../http/errors';
import { AccessRefused, editorOf, requireRole } from './access';

/**
 * The editors' preview (docs/content-editing.md, "Preview"): a request with `X-Content-Preview: drafts`
 * and an editor's `Authorization: Bearer` token is answered from every current draft over the published
 * items, read for that request only (`Cache-Control: private, no-store`). Without the header nothing
 * changes, and no token is looked at. With it, the token must be a seller user's holding ContentEditor
 * (or FullAccess); otherwise the whole request is refused (401, 403) rather than quietly answered from
 * the published items, so a storefront wired wrongly finds out at once.
 */
export const PREVIEW_HEADER = 'x-content-preview';

export type PreviewDecision = { preview: boolean; refusal: null } | { preview: false; refusal: Response };

export async function previewOf(verifier: CommerceTokenVerifier, request: Request): Promise<PreviewDecision> {
  const asked = request.headers.get(PREVIEW_HEADER);
  if (asked === null) return { preview: false, refusal: null };
  if (asked.trim().toLowerCase() !== 'drafts')
    return {
      preview: false,
      refusal: errorResponse(400, [
        {
          message: `${PREVIEW_HEADER} takes one value: drafts.`,
          extensions: { code: 'BAD_REQUEST', field: `header.${PREVIEW_HEADER}` },
        },
      ]),
    };
  try {
    requireRole(
      await editorOf(verifier, request.headers.get('authorization')),
      'ContentEditor',
      'Previewing drafts',
    );
    return { preview: true, refusal: null };
  } catch (error) {
    if (!(error instanceof AccessRefused)) throw error;
    return {
      preview: false,
      refusal: errorResponse(
        error.status,
        [{ message: error.message, extensions: { code: error.code } }],
        error.headers,
      ),
    };
  }
}

/** A preview answer is this editor's alone and changes with every save: never stored by anyone. */
export function uncached(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('cache-control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
