import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api';
import { currencySlice } from '../features/currency';
import { searchSlice } from '../features/search';
import { sessionSlice } from './sessionSlice';

export const rootReducer = combineReducers({
  [currencySlice.reducerPath]: currencySlice.reducer,
  [searchSlice.reducerPath]: searchSlice.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

// redux-persist's actions (its FLUSH to REGISTER): the saved state is restored by ./persistence.ts, in a
// chunk of its own (docs/performance.md), so the entry names them rather than importing the package.
const persistActions = ['FLUSH', 'REHYDRATE', 'PAUSE', 'PERSIST', 'PURGE', 'REGISTER'].map((type) => `persist/${type}`);

/** The store; the saved state joins it through ./persistence.ts (main.tsx loads it). */
export function makeStore(options: { preloadedState?: Partial<RootState> } = {}) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: persistActions } }).concat(api.middleware),
  });
  return { store };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
