/**
 * Why a content write or read was refused. The GraphQL layer (`routes.ts`) turns it into the service's
 * error shape with the same code; HTTP statuses are decided there, in one place.
 */
export type EditingErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNKNOWN_TYPE'
  | 'INVALID_CONTENT'
  | 'NOT_FOUND'
  | 'CONFLICT';

export class EditingError extends Error {
  override name = 'EditingError';
  constructor(
    readonly code: EditingErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
