import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';

export function AppProviders({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor: Persistor | null;
  children: ReactNode;
}) {
  const routed = <BrowserRouter>{children}</BrowserRouter>;
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate loading={null} persistor={persistor}>
          {routed}
        </PersistGate>
      ) : (
        routed
      )}
    </Provider>
  );
}
