import { readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, queryRows } from '@catalogue/db';
import { createTestDatabase, testDriver } from '@catalogue/db/testing';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadDataFiles } from '../data-files';
import { datasetContent } from '../testing';

/** The reset page's confirmation as shipped before its lifetime became `{minutes}`, per language. */
const SHIPPED_FORGOT_SENT: Record<string, Record<string, string>> = {
  en: {
    'forgot.sent':
      'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 60 minutes.',
  },
  fr: {
    'forgot.sent':
      'Si un compte utilise cette adresse, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien fonctionne une seule fois, pendant 60 minutes.',
  },
  de: {
    'forgot.sent':
      'Wenn ein Konto diese Adresse verwendet, haben wir ihm einen Link zum Wählen eines neuen Passworts gesendet. Der Link funktioniert einmal und 60 Minuten lang.',
  },
  nl: {
    'forgot.sent':
      'Als een account dit adres gebruikt, hebben we er een link naartoe gestuurd om een nieuw wachtwoord te kiezen. De link werkt één keer, 60 minuten lang.',
  },
};

/**
 * Migrations that give installations whose dictionary was loaded before a feature its texts: exactly those
 * of dictionary.yaml, in every locale's language, without touching what an editor changed. `edited` is the
 * key an editor is supposed to have changed in fr-CA; `shipped`, the texts an installation from before had
 * for some of the keys (per language), which the migration replaces; the other keys were missing.
 */
const TEXT_MIGRATIONS: {
  file: string;
  keys: RegExp;
  atLeast: number;
  edited: string;
  shipped?: Record<string, Record<string, string>>;
}[] = [
  {
    file: '0031_email_verification_rules.sql',
    keys: /^(verify\.|email\.(verification|accountExists|userMessage)\.|register\.(sent|notReceived|errorUsername|errorUsernameEmail)$)/,
    atLeast: 30,
    edited: 'verify.title',
  },
  {
    file: '0033_reset_texts.sql',
    keys: /^forgot\.(errorRate|sent)$/,
    atLeast: 2,
    edited: 'forgot.sent',
    shipped: SHIPPED_FORGOT_SENT,
  },
];

describe.each(TEXT_MIGRATIONS)(
  `migration $file's texts on ${testDriver()}`,
  ({ file, keys: newKey, atLeast, edited, shipped = {} }) => {
    const statements = readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.includes("type = 'dictionary'"));

    it('adds the missing texts of dictionary.yaml and keeps edited ones', async () => {
      const files = loadDataFiles();
      const database = await createTestDatabase(undefined, datasetContent(60));
      try {
        const keys = Object.keys(files.dictionary.en).filter((key) => newKey.test(key));
        expect(keys.length).toBeGreaterThanOrEqual(atLeast);
        // An installation from before: none of the keys but the shipped texts, and one text an editor has
        // changed since.
        const removed = sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        );
        await database.db.execute(
          sql`update content_items set data = data - array[${removed}]::text[] where type = 'dictionary'`,
        );
        for (const locale of files.locales) {
          await database.db.execute(
            sql`update content_items set data = data || ${JSON.stringify(shipped[locale.language] ?? {})}::jsonb
              where type = 'dictionary' and locale = ${locale.code}`,
          );
        }
        await database.db.execute(
          sql`update content_items set data = data || jsonb_build_object(${edited}::text, 'Edited')
            where type = 'dictionary' and locale = 'fr-CA'`,
        );
        for (const statement of statements) await database.db.execute(sql.raw(statement));

        const rows = await queryRows<{ locale: string; data: Record<string, string> }>(
          database.db,
          sql`select locale, data from content_items where type = 'dictionary' and id = 'ui'`,
        );
        expect(rows).toHaveLength(10);
        for (const row of rows) {
          const language = files.locales.find((l) => l.code === row.locale)?.language ?? 'en';
          for (const key of keys) {
            const expected =
              row.locale === 'fr-CA' && key === edited ? 'Edited' : files.dictionary[language][key];
            expect([row.locale, key, row.data[key]]).toEqual([row.locale, key, expected]);
          }
        }
      } finally {
        await database.dispose();
      }
    });
  },
);
