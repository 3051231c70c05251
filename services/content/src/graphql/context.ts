import type { LocaleInfo } from '@catalogue/dataset';
import type { Db } from '@catalogue/db';
import type { EditingRequest } from '../editing/request';
import type { NewsletterSignUps } from '../newsletter/mutation';
import type { ContentStore } from '../store/content-store';
import type { LocaleSnapshot, SharedSnapshot } from '../store/snapshots';
import { userError } from './user-error';

/**
 * What resolvers of one request share: the content generation is read once per request, so every field
 * of one answer comes from the same committed state.
 */
export class RequestContent {
  private generation: Promise<number> | undefined;
  private readonly previews = new Map<string, Promise<LocaleSnapshot>>();

  constructor(
    readonly store: ContentStore,
    readonly db: Db,
    /** The editors' preview: every current draft over the published items, read for this request only. */
    readonly preview = false,
  ) {}

  private at(): Promise<number> {
    this.generation ??= this.store.generation.current();
    return this.generation;
  }

  async shared(): Promise<SharedSnapshot> {
    return this.store.shared(await this.at());
  }

  /** The locale named by a `language` argument (a locale code in any case); an unknown one is an error. */
  async locale(language: string, argument = 'language'): Promise<LocaleInfo> {
    const shared = await this.shared();
    const locale = shared.byCode.get(language.trim().toLowerCase());
    if (!locale)
      throw userError(
        'UNKNOWN_LANGUAGE',
        `Unknown ${argument} '${language.slice(0, 40)}': use one of ${shared.locales.map((l) => l.code).join(', ')}.`,
      );
    return locale;
  }

  async content(language: string): Promise<LocaleSnapshot> {
    const locale = await this.locale(language);
    if (!this.preview) return this.store.locale(locale, await this.at());
    let snapshot = this.previews.get(locale.code);
    if (!snapshot) {
      snapshot = this.store.previewLocale(locale);
      this.previews.set(locale.code, snapshot);
    }
    return snapshot;
  }
}

export interface GraphQLContext {
  content: RequestContent;
  newsletter: NewsletterSignUps;
  /** The client's address (`clientAddressOf`), for limits per address. */
  clientAddress: string;
  /** The editors' preview was asked for and allowed (also `content.preview`). */
  preview: boolean;
  /** The write API's side of the request: the caller, checked once. */
  editing: EditingRequest;
}
