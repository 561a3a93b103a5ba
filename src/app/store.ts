import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  createMigrate,
  persistReducer,
  persistStore,
  type MigrationManifest,
  type Persistor,
  type PersistorOptions,
} from 'redux-persist';
import { api } from '../lib/api';
import { currencySlice } from '../features/currency';
import { migrateSearchState, searchSlice } from '../features/search';
import { sessionSlice } from './sessionSlice';

const rootReducer = combineReducers({
  [currencySlice.reducerPath]: currencySlice.reducer,
  [searchSlice.reducerPath]: searchSlice.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

// Bump the version and add a migration whenever a persisted slice changes shape, so an old
// browser's saved state is upgraded rather than crashing the app (docs/architecture.md, 'Conventions').
const persistVersion = 3;
const migrations: MigrationManifest = {
  1: (state) => state,
  // 2: the admin session snapshot joins the persisted state; older saves start signed out.
  2: (state) => (state ? { ...state, [sessionSlice.reducerPath]: { adminInfo: null } } : state),
  // 3: the search keeps only its term; saved product copies (stale prices) are dropped.
  3: (state) => {
    if (!state) return state;
    const saved: unknown = (state as unknown as Record<string, unknown>)[searchSlice.reducerPath];
    return { ...state, [searchSlice.reducerPath]: migrateSearchState(saved) } as typeof state;
  },
};

// redux-persist's bundled web storage is CommonJS and loses its default export under ESM; this
// adapter is the same three calls over localStorage.
const storage = {
  getItem: (key: string) => Promise.resolve(globalThis.localStorage?.getItem(key) ?? null),
  setItem: (key: string, value: string) => Promise.resolve(globalThis.localStorage?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(globalThis.localStorage?.removeItem(key)),
};

const persistConfig = {
  key: 'root',
  version: persistVersion,
  storage,
  // The saved state is restored within 5,000 ms (docs/storefront.md, 'Numbers').
  timeout: 5000,
  whitelist: [currencySlice.reducerPath, searchSlice.reducerPath, sessionSlice.reducerPath],
  migrate: createMigrate(migrations, { debug: false }),
};

export function makeStore(
  options: {
    preloadedState?: Partial<RootState>;
    persist?: boolean;
    /** Restore the saved state only when persistor.persist() is called (after hydration, main.tsx). */
    deferPersist?: boolean;
  } = {},
) {
  const reducer = options.persist ? persistReducer(persistConfig, rootReducer) : rootReducer;
  const store = configureStore({
    reducer: reducer as typeof rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  const persistor: Persistor | null = options.persist
    ? persistStore(
        store,
        // redux-persist 6 honours manualPersist but its typings omit it.
        { manualPersist: options.deferPersist ?? false } as PersistorOptions,
      )
    : null;
  return { store, persistor };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
