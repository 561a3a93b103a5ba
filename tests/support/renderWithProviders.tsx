import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore, type RootState } from '../../src/app/store';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  route?: string;
}

/** A fresh store and router per test (STYLE: Redux Toolkit template). */
export function renderWithProviders(ui: ReactElement, { preloadedState, route = '/', ...options }: Options = {}) {
  const { store } = makeStore({ preloadedState });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
    options,
  );
  return { store, user, ...result };
}
