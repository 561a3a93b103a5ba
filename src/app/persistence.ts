// The saved state (the chosen currency, the last search term, the admin session snapshot), restored and
// kept from a chunk of its own (docs/performance.md, 'What the entry leaves out'): redux-persist is not
// on any storefront page's critical path. main.tsx loads this module after hydration on a prerendered
// page (the first render has to match the HTML, which shows the defaults), and before the first render
// elsewhere, so those pages render with the saved state as the PersistGate made them.
//
// It imports nothing of the entry's but types: what it needs of the store comes as arguments
// (main.tsx), so the bundler does not split the modules it would share with the entry into chunks of
// their own on the critical path.
import { createMigrate, persistReducer, persistStore, type MigrationManifest, type Persistor } from 'redux-persist';
import type { AppStore, RootState, rootReducer } from './store';

/** What the saved state needs of the store's modules, handed over by main.tsx. */
export interface PersistedParts {
  rootReducer: typeof rootReducer;
  migrateSearchState: (saved: unknown) => RootState['search'];
}

const session = 'session' satisfies keyof RootState;
const search = 'search' satisfies keyof RootState;
const currency = 'currency' satisfies keyof RootState;

// Bump the version and add a migration whenever a persisted slice changes shape, so an old
// browser's saved state is upgraded rather than crashing the app (docs/architecture.md, 'Conventions').
const persistVersion = 3;
const migrations = (migrateSearchState: PersistedParts['migrateSearchState']): MigrationManifest => ({
  1: (state) => state,
  // 2: the admin session snapshot joins the persisted state; older saves start signed out.
  2: (state) => (state ? { ...state, [session]: { adminInfo: null } } : state),
  // 3: the search keeps only its term; saved product copies (stale prices) are dropped.
  3: (state) => {
    if (!state) return state;
    const saved: unknown = (state as unknown as Record<string, unknown>)[search];
    return { ...state, [search]: migrateSearchState(saved) } as typeof state;
  },
});

// redux-persist's bundled web storage is CommonJS and loses its default export under ESM; this
// adapter is the same three calls over localStorage.
const storage = {
  getItem: (key: string) => Promise.resolve(globalThis.localStorage?.getItem(key) ?? null),
  setItem: (key: string, value: string) => Promise.resolve(globalThis.localStorage?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(globalThis.localStorage?.removeItem(key)),
};

const persistConfig = (parts: PersistedParts) => ({
  key: 'root',
  version: persistVersion,
  storage,
  // The saved state is restored within 5,000 ms (docs/storefront.md, 'Numbers').
  timeout: 5000,
  whitelist: [currency, search, session],
  migrate: createMigrate(migrations(parts.migrateSearchState), { debug: false }),
});

/**
 * Puts the persisting reducer in the store, restores the saved state and keeps saving it. `restored`
 * settles once the saved state is back (or the restore timed out or failed: the defaults stay).
 */
export function startPersistence(
  store: AppStore,
  parts: PersistedParts,
): { persistor: Persistor; restored: Promise<void> } {
  store.replaceReducer(persistReducer(persistConfig(parts), parts.rootReducer) as unknown as typeof rootReducer);
  let persistor: Persistor | undefined;
  const restored = new Promise<void>((resolve) => {
    persistor = persistStore(store, null, () => resolve());
  });
  return { persistor: persistor as Persistor, restored };
}
