// A prerendered form is on screen before the app runs (docs/performance.md). These tests render the page to
// HTML as the build does, run the real /start.js source in the page, type and submit as a visitor
// would before React is there, then hydrate: nothing typed is lost, and a held submit is sent once.
// Our API is stubbed with msw here (component level); the e2e contact test sends for real.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../../src/app/store';
import { App } from '../../../src/App';
import { preloadRoutePages } from '../../../src/app/RoutePages';
import { markSavedStateRestored } from '../../../src/lib/savedState';
import { PurchasesPage } from '../../../src/features/checkout/components/PurchasesPage';
import { ContactPage } from '../../../src/features/contact/components/ContactPage';
import { earlySubmitProperty } from '../../../domain/pageContracts';
import { server } from '../../support/msw';

beforeAll(async () => {
  // The script as the browser runs it: its submit guard is installed on this document once.
  const script = document.createElement('script');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  await import('../../../src/boot/start');
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  // As the build does before it renders a page (src/app/RoutePages.tsx): the contact page is in its chunk.
  await preloadRoutePages();
});

afterEach(async () => {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});

function page(ui: ReactElement, route: string) {
  const { store } = makeStore();
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>
  );
}

/** The page's prerendered HTML in the document, before any React runs on it. */
function prerender(ui: ReactElement, route: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(ui, route));
  document.body.append(container);
  return container;
}

/** Typing before hydration: the field's value changes, nobody listens. */
function typeEarly(container: HTMLElement, name: string, value: string) {
  const field = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  if (!field) throw new Error(`no field ${name}`);
  field.value = value;
}

/** Whether /start.js holds a submit of this form for the app. */
const held = (form: HTMLFormElement) => earlySubmitProperty in form;

function recordPosts(url: string, respond: () => Response) {
  const received: unknown[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      received.push(await request.json());
      return respond();
    }),
  );
  return received;
}

const message = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '+234 803 123 4567',
  message: 'I typed this before the page had finished loading.',
};

describe('a contact message typed before the app runs', () => {
  it('is sent once the app runs when Send Message was pressed early, and the form then clears', async () => {
    const received = recordPosts('*/api/contact', () => HttpResponse.json({ ok: true }, { status: 201 }));
    const container = prerender(<ContactPage />, '/contactus');
    for (const [name, value] of Object.entries(message)) typeEarly(container, name, value);
    const form = container.querySelector('form');
    if (!form) throw new Error('no form');

    let nativeSubmitGoesAhead = true;
    form.addEventListener('submit', (event) => {
      queueMicrotask(() => (nativeSubmitGoesAhead = !event.defaultPrevented));
    });
    form.requestSubmit();
    await Promise.resolve();
    // The page would have reloaded and lost the message; the script held it instead.
    expect(nativeSubmitGoesAhead).toBe(false);
    expect(held(form)).toBe(true);
    expect(received).toEqual([]);

    render(page(<ContactPage />, '/contactus'), { container, hydrate: true });
    await waitFor(() => expect(received).toEqual([message]));
    expect(await screen.findByText('Your message has been sent. We will get back to you shortly.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Your Name').value).toBe('');
    // Sent once: the replay does not happen again on a later render.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);
  });

  it('stays in the fields, and is what Send Message sends after the app runs', async () => {
    const received = recordPosts('*/api/contact', () => HttpResponse.json({ ok: true }, { status: 201 }));
    const container = prerender(<ContactPage />, '/contactus');
    typeEarly(container, 'name', 'Ada Obi');
    typeEarly(container, 'message', 'Half written before the app ran.');

    render(page(<ContactPage />, '/contactus'), { container, hydrate: true });
    const user = userEvent.setup();
    expect(screen.getByLabelText<HTMLInputElement>('Your Name').value).toBe('Ada Obi');
    expect(received).toEqual([]);
    await user.type(screen.getByLabelText('Your Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Your Phone Number'), '+234 803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(received).toEqual([
        {
          name: 'Ada Obi',
          email: 'ada@example.com',
          phone: '+234 803 123 4567',
          message: 'Half written before the app ran.',
        },
      ]),
    );
  });
});

describe('the purchases form used before the app runs', () => {
  it('sends the access links for the e-mail typed and submitted early', async () => {
    const received = recordPosts('*/api/purchases/resend', () =>
      HttpResponse.json({ message: 'If that address has made purchases here, an e-mail is on its way.' }),
    );
    const container = prerender(<PurchasesPage />, '/purchases');
    typeEarly(container, 'email', 'buyer@example.com');
    container.querySelector('form')?.requestSubmit();
    expect(received).toEqual([]);

    render(page(<PurchasesPage />, '/purchases'), { container, hydrate: true });
    await waitFor(() => expect(received).toEqual([{ email: 'buyer@example.com' }]));
    expect(await screen.findByText('If that address has made purchases here, an e-mail is on its way.')).toBeTruthy();
  });
});

describe('a button tapped before the app runs', () => {
  it('is pressed again once the app has hydrated: the currency switch goes to naira, once', async () => {
    const container = prerender(<App />, '/contactus');
    container.id = 'root';
    const toggle = container.querySelector<HTMLButtonElement>('button[role="switch"]');
    if (!toggle) throw new Error('no currency switch');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    // A scripted click is not a shopper's tap: /start.js does not keep it (the switch answers genuine
    // clicks only: docs/storefront.md).
    toggle.click();
    expect('__storeEarlyClick' in window).toBe(false);
    // A real tap (trusted, which jsdom cannot make; the e2e suite taps for real): what /start.js keeps.
    Object.assign(window, { __storeEarlyClick: toggle });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    const { store } = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/contactus']}>
          <App />
        </MemoryRouter>
      </Provider>,
      { container, hydrate: true },
    );
    // Hydrated, but the saved state (a currency chosen before) is not back yet: the tap waits for it,
    // so the saved choice cannot undo the shopper's tap.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('switch', { name: 'Currency: NGN' })).not.toBeChecked();
    // As main.tsx says once the saved state is restored (src/app/persistence.ts).
    markSavedStateRestored();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Currency: NGN' })).toBeChecked());
    expect(store.getState().currency).toEqual({ currency: 'NGN', chosen: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(store.getState().currency.currency).toBe('NGN');
    expect('__storeEarlyClick' in window).toBe(false);
  });
});

describe('forms the script leaves alone', () => {
  it('lets a form without the app marker submit natively (the search box works before the app)', () => {
    const form = document.createElement('form');
    form.method = 'get';
    form.action = '/searchresults';
    document.body.append(form);
    let prevented: boolean | null = null;
    form.addEventListener('submit', (event) => queueMicrotask(() => (prevented = event.defaultPrevented)));
    // jsdom does not navigate; the event's default is what a browser would act on.
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(held(form)).toBe(false);
    expect(prevented).toBe(null);
  });

  it('does not mark a form whose submit the app already handled', () => {
    const form = document.createElement('form');
    form.setAttribute('data-app-form', '');
    form.addEventListener('submit', (event) => event.preventDefault());
    document.body.append(form);
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(held(form)).toBe(false);
  });
});
