import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { makeStore, type RootState } from '../../src/app/store';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** Where the test starts; a list is a history whose last entry is current (for Back buttons). */
  route?: InitialEntry | InitialEntry[];
}

/** A fresh store and router per test (docs/testing.md). */
export function renderWithProviders(ui: ReactElement, { preloadedState, route = '/', ...options }: Options = {}) {
  const { store } = makeStore({ preloadedState });
  const user = userEvent.setup();
  const entries = Array.isArray(route) ? route : [route];
  // A wrapper rather than a wrapped element, so `rerender` keeps the same store and router around the
  // new element.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {children}
      </MemoryRouter>
    </Provider>
  );
  const view = render(ui, { ...options, wrapper });
  return { store, user, ...view };
}
