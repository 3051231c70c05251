import type { Database } from '@catalogue/db';
import { sql } from 'drizzle-orm';

/** A tag and the version of the last committed change behind it (`page_cache_tags`, migration 0023). */
export interface TagChange {
  tag: string;
  version: number;
}

/** Reads the changes committed after `version`, in version order. */
export type ReadChanges = (afterVersion: number) => Promise<TagChange[]>;

export function databaseTagChanges(database: Database): ReadChanges {
  return async (afterVersion) => {
    const result = await database.db.execute(
      sql`select tag, version from page_cache_tags where version > ${afterVersion} order by version`,
    );
    // Both drivers answer `{ rows }`; bigint arrives as a string from pg, a number or bigint from PGlite.
    const { rows } = result as unknown as { rows: { tag: string; version: string | number | bigint }[] };
    return rows.map((row) => ({ tag: row.tag, version: Number(row.version) }));
  };
}

/** Records tags as changed now (Next's `revalidateTag`), through the same feed every instance reads. */
export async function touchTags(database: Database, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await database.db.execute(
    sql`select touch_page_cache_tags(${`{${tags.map(quoteArrayItem).join(',')}}`}::text[])`,
  );
}

function quoteArrayItem(tag: string): string {
  return `"${tag.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * What this instance knows of the feed: the highest version read and each tag's last version. `sync()`
 * reads what was committed since; callers arriving while a read runs wait for the next one (a read that
 * started before their request might predate a commit they must see), and all of them share it.
 */
export class TagVersions {
  private readonly versions = new Map<string, number>();
  private seen = 0;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  /** With a change signal: commits signalled, and how many a completed or running read covers. */
  private signalled = 0;
  private covered = -1;

  /**
   * `onChange`, when given, subscribes to a signal that fires at every commit that wrote the feed, before
   * the committing call returns (PGlite's NOTIFY: one opener, this process); reads then happen only after a
   * signal. Without it (PostgreSQL: other instances and scripts commit too) every `sync()` reads.
   */
  constructor(
    private readonly read: ReadChanges,
    onChange?: (listener: () => void) => void,
  ) {
    if (onChange) {
      this.covered = 0;
      this.signalled = 1; // read once at the start
      onChange(() => {
        this.signalled += 1;
      });
    }
  }

  /** Reads the feed of a database: on PGlite after its commits' NOTIFY, on PostgreSQL at every sync. */
  static async forDatabase(database: Database): Promise<TagVersions> {
    const read = databaseTagChanges(database);
    if (database.raw.kind !== 'pglite') return new TagVersions(read);
    const client = database.raw.client;
    let listening: Promise<unknown> = Promise.resolve();
    const versions = new TagVersions(read, (listener) => {
      listening = client.listen('cache_generation', (name) => {
        if (name === 'page-tags') listener();
      });
    });
    await listening; // from here on no commit goes unsignalled
    return versions;
  }

  /** The highest version read so far: everything committed up to it is reflected in `versionOf`. */
  get version(): number {
    return this.seen;
  }

  versionOf(tag: string): number {
    return this.versions.get(tag) ?? 0;
  }

  /** The latest version among tags (and 'all', the dataset (re)load). */
  latestOf(tags: Iterable<string>): number {
    let latest = this.versionOf('all');
    for (const tag of tags) latest = Math.max(latest, this.versionOf(tag));
    return latest;
  }

  sync(): Promise<void> {
    if (this.covered >= 0 && this.covered === this.signalled && !this.running) return Promise.resolve();
    if (!this.running) {
      this.running = this.readOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!this.queued) {
      const after = this.running;
      this.queued = after
        .catch(() => undefined)
        .then(() => {
          this.queued = null;
          return this.sync();
        });
    }
    return this.queued;
  }

  private async readOnce(): Promise<void> {
    const signalled = this.signalled;
    const changes = await this.read(this.seen);
    if (this.covered >= 0) this.covered = signalled;
    for (const { tag, version } of changes) {
      this.versions.set(tag, Math.max(version, this.versions.get(tag) ?? 0));
      if (version > this.seen) this.seen = version;
    }
  }
}
