import { createJSONStorage, type PersistStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { tokenClaims } from '../tracking/login-status';

/**
 * The client state that persists in localStorage (spec §3: only productPersist, user and project state),
 * as three zustand stores with the persist middleware, each under its own key. Hydration is explicit
 * (`skipHydration`): `hydrateClientState()` restores all three once per page and fails with
 * 'persist timed out' when that takes more than 5000 ms (spec §4, §9). Everything else the screens
 * show (the projects, the worksheet) is query data, cached in memory by TanStack Query, never persisted.
 */

export const PERSIST_TIMEOUT_MS = 5000;
export const PERSIST_TIMEOUT_MESSAGE = 'persist timed out';
export const PRODUCT_PERSIST_KEY = 'productPersist';
export const USER_PERSIST_KEY = 'userPersist';
export const PROJECT_PERSIST_KEY = 'projectPersist';

/** A product someone chose for a project but could not add yet (a visitor, before logging in). */
export interface PendingProjectItem {
  productId: string;
  quantity: number;
  source: string;
}

export interface ProductPersistState {
  pendingProjectItems: PendingProjectItem[];
  keepForProject: (item: PendingProjectItem) => void;
  forgetPending: (productId: string, source: string) => void;
}

export interface PersistedUser {
  username: string;
  companyId: string;
}

export interface UserState {
  /** The user the persisted project state belongs to (decoded from the UserToken, unverified). */
  user: PersistedUser | null;
  loggedIn: boolean;
}

export interface ProjectState {
  /** The project the user last opened or added to: preselected in the add-to-project dialog. */
  selectedProjectId: string | null;
  selectProject: (id: string | null) => void;
}

type Persisted<S> = StoreApi<S> & {
  persist: { rehydrate: () => Promise<void> | void; hasHydrated: () => boolean };
};

export interface ClientStores {
  product: Persisted<ProductPersistState>;
  user: Persisted<UserState>;
  project: Persisted<ProjectState>;
}

const MAX_PENDING = 50;
const MAX_PENDING_QUANTITY = 999_999;

function isPendingItem(value: unknown): value is PendingProjectItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.productId === 'string' &&
    item.productId !== '' &&
    typeof item.source === 'string' &&
    typeof item.quantity === 'number' &&
    Number.isInteger(item.quantity) &&
    item.quantity > 0
  );
}

/**
 * productPersist as stored: zustand's `{state, version}`, or the bare `{pendingProjectItems}` the
 * calculators wrote before projects existed (read as version 0, so those items are not lost).
 */
function productStorage(
  storage: () => StateStorage,
): PersistStorage<Pick<ProductPersistState, 'pendingProjectItems'>> | undefined {
  const json = createJSONStorage<Pick<ProductPersistState, 'pendingProjectItems'>>(storage);
  if (!json) return undefined;
  return {
    ...json,
    getItem: async (name) => {
      const raw = await storage().getItem(name);
      if (!raw) return null;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return null;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
      const record = value as Record<string, unknown>;
      const state = (
        typeof record.state === 'object' && record.state !== null ? record.state : record
      ) as Record<string, unknown>;
      const items = Array.isArray(state.pendingProjectItems)
        ? state.pendingProjectItems.filter(isPendingItem)
        : [];
      return { state: { pendingProjectItems: items }, version: 0 };
    },
  };
}

/** The three stores over a storage (localStorage in the browser; tests pass their own). */
export function createClientStores(storage: () => StateStorage = () => window.localStorage): ClientStores {
  const product = createStore<ProductPersistState>()(
    persist(
      (set) => ({
        pendingProjectItems: [],
        keepForProject: (item) =>
          set((state) => {
            const items = state.pendingProjectItems.filter(
              (i) => !(i.productId === item.productId && i.source === item.source),
            );
            const before = state.pendingProjectItems.find(
              (i) => i.productId === item.productId && i.source === item.source,
            );
            const quantity = Math.min(MAX_PENDING_QUANTITY, (before?.quantity ?? 0) + item.quantity);
            return { pendingProjectItems: [...items, { ...item, quantity }].slice(-MAX_PENDING) };
          }),
        forgetPending: (productId, source) =>
          set((state) => ({
            pendingProjectItems: state.pendingProjectItems.filter(
              (i) => !(i.productId === productId && i.source === source),
            ),
          })),
      }),
      {
        name: PRODUCT_PERSIST_KEY,
        storage: productStorage(storage),
        partialize: (state) => ({ pendingProjectItems: state.pendingProjectItems }),
        skipHydration: true,
      },
    ),
  ) as Persisted<ProductPersistState>;

  const user = createStore<UserState>()(
    persist<UserState>(() => ({ user: null, loggedIn: false }), {
      name: USER_PERSIST_KEY,
      storage: createJSONStorage(storage),
      skipHydration: true,
    }),
  ) as Persisted<UserState>;

  const project = createStore<ProjectState>()(
    persist(
      (set) => ({
        selectedProjectId: null,
        selectProject: (id) => set({ selectedProjectId: id }),
      }),
      {
        name: PROJECT_PERSIST_KEY,
        storage: createJSONStorage(storage),
        partialize: (state) => ({ selectedProjectId: state.selectedProjectId }),
        skipHydration: true,
      },
    ),
  ) as Persisted<ProjectState>;

  return { product, user, project };
}

/**
 * Restores the stores from storage; rejects with Error('persist timed out') when that has not finished
 * within `timeoutMs` (spec §4: the client store waits up to 5 s for rehydration).
 */
export function rehydrate(stores: ClientStores, timeoutMs = PERSIST_TIMEOUT_MS): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(PERSIST_TIMEOUT_MESSAGE)), timeoutMs);
    Promise.all([stores.product, stores.user, stores.project].map((store) => store.persist.rehydrate())).then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Follows the login: the user state takes the token's user; when that is another user than the one the
 * project state belongs to (or nobody), the project selection is forgotten, so one person's choice never
 * shows up for the next person on a shared browser.
 */
export function followLogin(stores: ClientStores, token: string | null): void {
  const claims = tokenClaims(token);
  const username = typeof claims?.usr === 'string' ? claims.usr : null;
  const companyId = typeof claims?.cmp === 'string' ? claims.cmp : null;
  const next = username && companyId ? { username, companyId } : null;
  const previous = stores.user.getState().user;
  const same =
    previous !== null &&
    next !== null &&
    previous.username === next.username &&
    previous.companyId === next.companyId;
  if (!same) {
    stores.project.setState({ selectedProjectId: null });
    stores.user.setState({ user: next, loggedIn: next !== null });
  } else if (!stores.user.getState().loggedIn) {
    stores.user.setState({ loggedIn: true });
  }
}

let shared: { stores: ClientStores; ready: Promise<ClientStores> } | null = null;

/** The page's stores, hydrated once (every caller shares the one hydration). */
export function clientState(): Promise<ClientStores> {
  if (!shared) {
    const stores = createClientStores();
    shared = { stores, ready: rehydrate(stores).then(() => stores) };
    // A failed hydration may be retried by the next caller.
    shared.ready.catch(() => {
      shared = null;
    });
  }
  return shared.ready;
}
