import { randomUUID } from 'node:crypto';
import type { Db } from '@catalogue/db';
import { signingKeys } from '@catalogue/db/schema';
import { desc, eq, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

type Key = CryptoKey | Uint8Array;

export interface SigningKey {
  kid: string;
  privateKey: Key;
}

/**
 * RS256 keys, shared through the database: the first instance to start creates one; every instance signs
 * with the newest active key and verifies with whichever key a token names (`kid`).
 */
export class KeyStore {
  private signing: Promise<SigningKey> | null = null;
  private readonly publicKeys = new Map<string, Promise<{ key: Key; jwk: JWK } | null>>();

  constructor(private readonly db: Db) {}

  signingKey(): Promise<SigningKey> {
    this.signing ??= this.loadOrCreate().catch((error: unknown) => {
      this.signing = null;
      throw error;
    });
    return this.signing;
  }

  /** The public key and its JWK for a key id, or null when there is no such key. */
  publicKey(kid: string): Promise<{ key: Key; jwk: JWK } | null> {
    let entry = this.publicKeys.get(kid);
    if (!entry) {
      entry = this.db
        .select({ publicJwk: signingKeys.publicJwk })
        .from(signingKeys)
        .where(eq(signingKeys.kid, kid))
        .then(async (rows) => {
          const jwk = rows[0]?.publicJwk as JWK | undefined;
          if (!jwk) {
            this.publicKeys.delete(kid);
            return null;
          }
          return { key: await importJWK(jwk, 'RS256'), jwk };
        })
        .catch((error: unknown) => {
          // Not remembered: a database busy for a moment must not refuse every token of this key for good.
          this.publicKeys.delete(kid);
          throw error;
        });
      this.publicKeys.set(kid, entry);
    }
    return entry;
  }

  private async loadOrCreate(): Promise<SigningKey> {
    const existing = await this.newest();
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    await this.db.insert(signingKeys).values({ kid, privateJwk, publicJwk }).onConflictDoNothing();
    // Another instance may have created one at the same moment: everyone uses the newest.
    const chosen = await this.newest();
    if (!chosen) throw new Error('could not create a token signing key');
    return chosen;
  }

  private async newest(): Promise<SigningKey | null> {
    const rows = await this.db
      .select()
      .from(signingKeys)
      .where(isNull(signingKeys.retiredAt))
      .orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    return { kid: row.kid, privateKey: await importJWK(row.privateJwk as JWK, 'RS256') };
  }
}
