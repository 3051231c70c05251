import type { Db } from '@catalogue/db';
import type { CommerceTokenVerifier, CommerceUser } from '@catalogue/service-kit/commerce-token';
import { editorOf } from './access';

/** What the write API's resolvers of one request share: the database, limits and the caller, checked once. */
export class EditingRequest {
  private user: Promise<CommerceUser> | undefined;

  constructor(
    readonly db: Db,
    private readonly verifier: CommerceTokenVerifier,
    private readonly authorization: string | null,
    /** CONTENT_MAX_ITEM_BYTES: the largest item data, as UTF-8 JSON. */
    readonly maxItemBytes: number,
  ) {}

  /** The seller user with an editing role who sent the request, or AccessRefused. */
  editor(): Promise<CommerceUser> {
    this.user ??= editorOf(this.verifier, this.authorization);
    return this.user;
  }
}
