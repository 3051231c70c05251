import {
  type CommerceTokenVerifier,
  CommerceUnavailable,
  type CommerceUser,
  hasAnyRole,
  TokenRefused,
} from '@catalogue/service-kit/commerce-token';
import type { EditorRole } from './types/definition';

/**
 * Who may use the write API (docs/content-editing.md, "Authorisation"): a seller user (`usrtype` admin)
 * whose commerce access token is valid, holding the custom role of the content type — ContentEditor, or
 * Merchandiser for search widgets and rules; FullAccess holds both. Public reads check nothing.
 */

export const EDITOR_ROLES: readonly EditorRole[] = ['ContentEditor', 'Merchandiser'];

/** A refusal with its HTTP status; the GraphQL layer and the preview's edge answer it in their shapes. */
export class AccessRefused extends Error {
  override name = 'AccessRefused';
  constructor(
    readonly code: 'UNAUTHENTICATED' | 'FORBIDDEN' | 'SERVICE_UNAVAILABLE',
    message: string,
    readonly status: 401 | 403 | 503,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * The seller user of an `Authorization: Bearer` header who holds at least one editing role (the roles of
 * each type are checked with `requireRole`).
 */
export async function editorOf(
  verifier: CommerceTokenVerifier,
  authorization: string | null | undefined,
): Promise<CommerceUser> {
  let user: CommerceUser;
  try {
    user = await verifier.fromHeader(authorization);
  } catch (error) {
    if (error instanceof TokenRefused)
      throw new AccessRefused('UNAUTHENTICATED', error.message, 401, { 'www-authenticate': 'Bearer' });
    if (error instanceof CommerceUnavailable)
      throw new AccessRefused(
        'SERVICE_UNAVAILABLE',
        'The sign-in service cannot check the access token just now; try again shortly.',
        503,
        { 'retry-after': error.retryAfter ?? '5' },
      );
    throw error;
  }
  if (user.userType !== 'admin' || !hasAnyRole(user, EDITOR_ROLES))
    throw new AccessRefused(
      'FORBIDDEN',
      'Editing content needs a seller user with the ContentEditor or Merchandiser role.',
      403,
    );
  return user;
}

export function requireRole(user: CommerceUser, role: EditorRole, what: string): void {
  if (!hasAnyRole(user, [role])) throw new AccessRefused('FORBIDDEN', `${what} needs the ${role} role.`, 403);
}
