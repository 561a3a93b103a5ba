// A store that restores and keeps the saved state from the start, as main.tsx makes it on a page the
// app renders from scratch (src/app/persistence.ts).
import { startPersistence } from '../../src/app/persistence';
import { makeStore, rootReducer, type RootState } from '../../src/app/store';
import { migrateSearchState } from '../../src/features/search';

export function makePersistedStore(options: { preloadedState?: Partial<RootState> } = {}) {
  const { store } = makeStore(options);
  return { store, persistor: startPersistence(store, { rootReducer, migrateSearchState }).persistor };
}
