import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePersistedStore } from '../../../support/persistedStore';
import { ProductCard } from '../../../../src/components/ProductCard';
import { CurrencySwitch } from '../../../../src/features/currency/components/CurrencySwitch';
import { selectCurrency, selectCurrencyChosen } from '../../../../src/features/currency/currencySlice';
import { useAppSelector } from '../../../../src/app/hooks';
import { isGenuineUserEvent } from '../../../../src/lib/genuineEvent';
import { buildProduct } from '../../../support/factories';
import { renderWithProviders } from '../../../support/renderWithProviders';

// Events from Testing Library are untrusted, exactly like a script's. To stand in for a person's
// click, a test answers the trust check itself (vi.mocked(...).mockReturnValueOnce(true)).
vi.mock('../../../../src/lib/genuineEvent', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/lib/genuineEvent')>();
  return { isGenuineUserEvent: vi.fn(actual.isGenuineUserEvent) };
});

const product = buildProduct({ priceInNgn: 7500, priceInUsd: 9 });

function PricedCard() {
  const currency = useAppSelector(selectCurrency);
  return <ProductCard product={product} currency={currency} />;
}

function renderSwitch(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <>
      <CurrencySwitch />
      <PricedCard />
    </>,
    options,
  );
}

const currencySwitch = () => screen.getByRole('switch', { name: 'Currency: NGN' });
const personClicks = () => vi.mocked(isGenuineUserEvent).mockReturnValueOnce(true);

afterEach(() => vi.mocked(isGenuineUserEvent).mockClear());

describe('currency switch', () => {
  it('shows USD, the switch and NGN, off (USD) by default', () => {
    renderSwitch();
    expect(screen.getByText('USD')).toBeInTheDocument();
    expect(screen.getByText('NGN')).toBeInTheDocument();
    expect(currencySwitch()).not.toBeChecked();
    expect(screen.getByText('$9')).toBeInTheDocument();
  });

  it('shows the switch on when the currency is NGN', () => {
    renderSwitch({ preloadedState: { currency: { currency: 'NGN', chosen: true } } });
    expect(currencySwitch()).toBeChecked();
    expect(screen.getByText('₦7,500')).toBeInTheDocument();
  });

  it('ignores a scripted click', async () => {
    const { user, store } = renderSwitch();
    await user.click(currencySwitch());
    currencySwitch().click();
    expect(selectCurrency(store.getState())).toBe('USD');
    expect(selectCurrencyChosen(store.getState())).toBe(false);
    expect(currencySwitch()).not.toBeChecked();
    expect(isGenuineUserEvent).toHaveBeenCalledTimes(2);
  });

  it('ignores scripted key presses', async () => {
    const { user, store } = renderSwitch();
    currencySwitch().focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(selectCurrency(store.getState())).toBe('USD');
  });

  it('switches prices to NGN on a genuine click and records the choice', async () => {
    const { user, store } = renderSwitch();
    personClicks();
    await user.click(currencySwitch());
    expect(currencySwitch()).toBeChecked();
    expect(selectCurrency(store.getState())).toBe('NGN');
    expect(selectCurrencyChosen(store.getState())).toBe(true);
    expect(screen.getByText('₦7,500')).toBeInTheDocument();
  });

  it('switches back to USD on the next genuine click', async () => {
    const { user, store } = renderSwitch({ preloadedState: { currency: { currency: 'NGN', chosen: true } } });
    personClicks();
    await user.click(currencySwitch());
    expect(selectCurrency(store.getState())).toBe('USD');
    expect(screen.getByText('$9')).toBeInTheDocument();
  });

  it('can be reached and used from the keyboard', async () => {
    const { user, store } = renderSwitch();
    await user.tab();
    expect(currencySwitch()).toHaveFocus();
    personClicks();
    await user.keyboard(' ');
    expect(selectCurrency(store.getState())).toBe('NGN');
  });

  it('writes every change to local storage under the root key', async () => {
    const { store, persistor } = makePersistedStore();
    const user = userEvent.setup();
    render(
      <Provider store={store}>
        <CurrencySwitch />
      </Provider>,
    );
    personClicks();
    await user.click(currencySwitch());
    await persistor.flush();
    const saved = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as Record<string, string>;
    expect(JSON.parse(saved.currency!)).toEqual({ currency: 'NGN', chosen: true });
  });
});
