import { describe, expect, it } from 'vitest';
import { adminInfoUpdated, loggedIn, loggedOut, selectAdminInfo } from '../../../src/app/sessionSlice';
import { makeStore } from '../../../src/app/store';
import { makePersistedStore } from '../../support/persistedStore';

const ada = {
  uid: 'uid-ada',
  name: 'Ada Obi',
  email: 'ada@digitalstore.test',
  phone: '',
  createdAt: '2026-03-14T09:30:00.000Z',
};

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

describe('session slice', () => {
  it('starts signed out', () => {
    const { store } = makeStore();
    expect(selectAdminInfo(store.getState())).toBeNull();
  });

  it('holds the admin after login, updates their phone, and forgets them on logout', () => {
    const { store } = makeStore();
    store.dispatch(loggedIn(ada));
    expect(selectAdminInfo(store.getState())).toEqual(ada);
    store.dispatch(adminInfoUpdated({ phone: '+234 809 000 1111' }));
    expect(selectAdminInfo(store.getState())?.phone).toBe('+234 809 000 1111');
    store.dispatch(loggedOut());
    expect(selectAdminInfo(store.getState())).toBeNull();
  });

  it('ignores an update while nobody is signed in', () => {
    const { store } = makeStore();
    store.dispatch(adminInfoUpdated({ phone: '+234 809 000 1111' }));
    expect(selectAdminInfo(store.getState())).toBeNull();
  });
});

describe('session persistence (key root)', () => {
  it('saves adminInfo and no token', async () => {
    const local = storage();
    Object.assign(globalThis, { localStorage: local });
    const { store, persistor } = makePersistedStore();
    await settle();
    store.dispatch(loggedIn(ada));
    await persistor?.flush();
    const saved = JSON.parse(local.items.get('persist:root') ?? '{}') as Record<string, string>;
    expect(JSON.parse(saved.session ?? 'null')).toEqual({ adminInfo: ada });
    expect(JSON.stringify(saved)).not.toMatch(/token/i);
  });

  it('upgrades a version 1 save, which had no session, to signed out', async () => {
    const local = storage();
    local.setItem(
      'persist:root',
      JSON.stringify({
        currency: JSON.stringify({ currency: 'NGN', chosen: true }),
        search: JSON.stringify({ results: [], term: '' }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    Object.assign(globalThis, { localStorage: local });
    const { store } = makePersistedStore();
    await settle();
    expect(store.getState().currency.currency).toBe('NGN');
    expect(selectAdminInfo(store.getState())).toBeNull();
  });
});
