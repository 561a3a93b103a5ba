import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../../../src/app/store';
import { makePersistedStore } from '../../../support/persistedStore';
import { searchCleared, searchTermSet, selectSearchTerm } from '../../../../src/features/search/searchSlice';
import { buildProduct } from '../../../support/factories';

function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const originalStorage = globalThis.localStorage;
afterEach(() => {
  Object.assign(globalThis, { localStorage: originalStorage });
});

describe('search slice', () => {
  it('starts with no term', () => {
    const { store } = makeStore();
    expect(selectSearchTerm(store.getState())).toBe('');
    expect(store.getState().search).toEqual({ term: '' });
  });

  it('keeps the last term, replacing the previous one', () => {
    const { store } = makeStore();
    store.dispatch(searchTermSet('guide'));
    store.dispatch(searchTermSet('excel'));
    expect(store.getState().search).toEqual({ term: 'excel' });
  });

  it('forgets the term when cleared', () => {
    const { store } = makeStore();
    store.dispatch(searchTermSet('guide'));
    store.dispatch(searchCleared());
    expect(selectSearchTerm(store.getState())).toBe('');
  });
});

describe('search persistence (the term, never product copies)', () => {
  it('saves only the term', async () => {
    const local = storage();
    Object.assign(globalThis, { localStorage: local });
    const { store, persistor } = makePersistedStore();
    await settle();
    store.dispatch(searchTermSet('excel'));
    await persistor?.flush();
    const saved = JSON.parse(local.items.get('persist:root') ?? '{}') as Record<string, string>;
    expect(JSON.parse(saved.search ?? 'null')).toEqual({ term: 'excel' });
    expect(JSON.parse(saved._persist ?? 'null')).toMatchObject({ version: 3 });
  });

  it('upgrades a version 2 save with stored results to the term alone, dropping the stale copies', async () => {
    const stale = buildProduct({ title: 'Excel Mastery', priceInNgn: 12000 });
    const local = storage();
    local.setItem(
      'persist:root',
      JSON.stringify({
        currency: JSON.stringify({ currency: 'NGN', chosen: true }),
        search: JSON.stringify({ term: 'excel', results: [stale] }),
        session: JSON.stringify({ adminInfo: null }),
        _persist: JSON.stringify({ version: 2, rehydrated: true }),
      }),
    );
    Object.assign(globalThis, { localStorage: local });
    const { store, persistor } = makePersistedStore();
    await settle();
    expect(store.getState().search).toEqual({ term: 'excel' });
    expect(store.getState().currency.currency).toBe('NGN');
    await persistor?.flush();
    expect(local.items.get('persist:root')).not.toContain('12000');
  });

  it('upgrades a version 1 save through every migration', async () => {
    const local = storage();
    local.setItem(
      'persist:root',
      JSON.stringify({
        search: JSON.stringify({ results: [buildProduct()], term: 'guide' }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    Object.assign(globalThis, { localStorage: local });
    const { store } = makePersistedStore();
    await settle();
    expect(store.getState().search).toEqual({ term: 'guide' });
    expect(store.getState().session.adminInfo).toBeNull();
  });
});
