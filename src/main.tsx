import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppProviders } from './app/AppProviders';
import { makeStore } from './app/store';
import './index.css';

const { store, persistor } = makeStore({ persist: true });
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} persistor={persistor}>
      <App />
    </AppProviders>
  </StrictMode>,
);
