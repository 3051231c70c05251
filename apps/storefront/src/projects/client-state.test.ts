import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import {
  createClientStores,
  followLogin,
  PERSIST_TIMEOUT_MS,
  PRODUCT_PERSIST_KEY,
  PROJECT_PERSIST_KEY,
  rehydrate,
  USER_PERSIST_KEY,
} from './client-state';

/** A localStorage stand-in; `delayMs` makes reads slow (null: they never finish). */
function memoryStorage(initial: Record<string, string> = {}, delayMs?: number | null) {
  const values = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (name) => {
      const value = values.get(name) ?? null;
      if (delayMs === undefined) return value;
      if (delayMs === null) return new Promise<string | null>(() => undefined);
      return new Promise((resolve) => setTimeout(() => resolve(value), delayMs));
    },
    setItem: (name, value) => {
      values.set(name, value);
    },
    removeItem: (name) => {
      values.delete(name);
    },
  };
  return { storage, values };
}

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('client state persistence (spec §3, §4, §9)', () => {
  it('persists only productPersist, user and project state, under their own keys', async () => {
    const { storage, values } = memoryStorage();
    const stores = createClientStores(() => storage);
    await rehydrate(stores);
    stores.product.getState().keepForProject({ productId: 'EMT-050-10', quantity: 2, source: 'calculator' });
    stores.product.getState().keepForProject({ productId: 'EMT-050-10', quantity: 3, source: 'calculator' });
    stores.project.getState().selectProject('P1');
    followLogin(stores, jwt({ usr: 'engineer', cmp: 'ACME', exp: 9e9 }));
    expect([...values.keys()].sort()).toEqual(
      [PRODUCT_PERSIST_KEY, PROJECT_PERSIST_KEY, USER_PERSIST_KEY].sort(),
    );
    expect(JSON.parse(values.get(PRODUCT_PERSIST_KEY) ?? '')).toEqual({
      state: { pendingProjectItems: [{ productId: 'EMT-050-10', quantity: 5, source: 'calculator' }] },
      version: 0,
    });

    // A new page restores them.
    const next = createClientStores(() => storage);
    expect(next.project.getState().selectedProjectId).toBeNull();
    await rehydrate(next);
    expect(next.project.getState().selectedProjectId).toBeNull(); // the login reset it: another user before
    expect(next.user.getState()).toMatchObject({
      user: { username: 'engineer', companyId: 'ACME' },
      loggedIn: true,
    });
    expect(next.product.getState().pendingProjectItems).toHaveLength(1);
  });

  it('keeps the project selection for the same user and forgets it when someone else logs in', async () => {
    const { storage } = memoryStorage();
    const stores = createClientStores(() => storage);
    await rehydrate(stores);
    followLogin(stores, jwt({ usr: 'engineer', cmp: 'ACME', exp: 9e9 }));
    stores.project.getState().selectProject('P1');
    followLogin(stores, jwt({ usr: 'engineer', cmp: 'ACME', exp: 9e9 }));
    expect(stores.project.getState().selectedProjectId).toBe('P1');
    followLogin(stores, jwt({ usr: 'engineer', cmp: 'OTHER', exp: 9e9 }));
    expect(stores.project.getState().selectedProjectId).toBeNull();
    stores.project.getState().selectProject('P2');
    followLogin(stores, null);
    expect(stores.project.getState().selectedProjectId).toBeNull();
    expect(stores.user.getState()).toMatchObject({ user: null, loggedIn: false });
  });

  it('reads the items the calculators kept before projects existed', async () => {
    const legacy = JSON.stringify({
      pendingProjectItems: [
        { productId: 'EMT-075-10', quantity: 12, source: 'conduit-fill' },
        { productId: 'BAD', quantity: 0, source: 'x' },
      ],
    });
    const { storage } = memoryStorage({ [PRODUCT_PERSIST_KEY]: legacy, [PROJECT_PERSIST_KEY]: 'not json' });
    const stores = createClientStores(() => storage);
    await rehydrate(stores);
    expect(stores.product.getState().pendingProjectItems).toEqual([
      { productId: 'EMT-075-10', quantity: 12, source: 'conduit-fill' },
    ]);
    expect(stores.project.getState().selectedProjectId).toBeNull();
  });

  it('waits up to 5000 ms for slow storage', async () => {
    vi.useFakeTimers();
    const { storage } = memoryStorage(
      { [PROJECT_PERSIST_KEY]: JSON.stringify({ state: { selectedProjectId: 'P9' }, version: 0 }) },
      PERSIST_TIMEOUT_MS - 100,
    );
    const stores = createClientStores(() => storage);
    const done = rehydrate(stores);
    await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS - 100);
    await expect(done).resolves.toBeUndefined();
    expect(stores.project.getState().selectedProjectId).toBe('P9');
  });

  it("fails with 'persist timed out' when rehydration takes longer than 5000 ms", async () => {
    vi.useFakeTimers();
    const { storage } = memoryStorage({}, null);
    const stores = createClientStores(() => storage);
    const done = rehydrate(stores);
    let settled = false;
    done.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).rejects.toThrow('persist timed out');
  });
});
