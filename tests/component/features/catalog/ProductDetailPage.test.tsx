import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductDetailPage } from '../../../../src/features/catalog/components/ProductDetailPage';
import { fetchOutlines, fetchProduct } from '../../../../src/features/catalog/api/catalogQueries';
import { productPrimed } from '../../../../src/features/catalog/api/catalogApi';
import { fetchCurrentProduct, revalidateProduct } from '../../../../src/features/catalog/api/productRevalidation';
import type { RootState } from '../../../../src/app/store';
import { setupAlerts } from '../../../support/alerts';
import { deferred, resetCatalogQueries } from '../../../support/catalogQueries.mock';
import { buildOutline, buildProduct } from '../../../support/factories';
import { geoIpUrl, server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';
import { isGenuineUserEvent } from '../../../../src/lib/genuineEvent';

vi.mock('../../../../src/features/catalog/api/catalogQueries', () => import('../../../support/catalogQueries.mock'));
// Events from Testing Library are untrusted, like a script's: a test stands in for a person's click
// by answering the trust check itself.
vi.mock('../../../../src/lib/genuineEvent', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/lib/genuineEvent')>();
  return { isGenuineUserEvent: vi.fn(actual.isGenuineUserEvent) };
});
const personClicks = () => vi.mocked(isGenuineUserEvent).mockReturnValueOnce(true);

const product = buildProduct({
  id: 'excel-mastery',
  title: 'Excel Mastery for Business',
  description: 'Formulas, pivot tables and dashboards that turn raw sales records into decisions.',
  priceInNgn: 12000,
  priceInUsd: 15,
  coverImageUrl: 'https://images.test/covers/excel.png',
});

function renderProductPage(
  options: { id?: string; preloadedState?: Partial<RootState>; history?: string[]; search?: string } = {},
) {
  const { id = product.id, preloadedState, history = [], search = '' } = options;
  return renderWithProviders(
    <Routes>
      <Route path="/productdetail/:id" element={<ProductDetailPage />} />
      <Route path="/allproducts" element={<h1>All products page</h1>} />
      <Route path="/" element={<h1>Home page</h1>} />
      <Route path="/contactus" element={<h1>Contact page</h1>} />
    </Routes>,
    { route: [...history, `/productdetail/${id}${search}`], preloadedState },
  );
}

const chosen = (currency: 'NGN' | 'USD'): Partial<RootState> => ({ currency: { currency, chosen: true } });

beforeEach(() => {
  resetCatalogQueries();
  vi.mocked(fetchProduct).mockImplementation(async (id) => (id === product.id ? product : null));
});
setupAlerts();

describe('product detail page', () => {
  it("shows 'Loading...' until the product has loaded", async () => {
    const pending = deferred<typeof product | null>();
    vi.mocked(fetchProduct).mockReturnValue(pending.promise);
    renderProductPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    pending.resolve(product);
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('reads the one product by its id and its outlines', async () => {
    renderProductPage();
    await screen.findByRole('heading', { level: 1 });
    expect(fetchProduct).toHaveBeenCalledTimes(1);
    expect(fetchProduct).toHaveBeenCalledWith('excel-mastery');
    expect(fetchOutlines).toHaveBeenCalledWith('excel-mastery');
  });

  it("shows a membership's price per period and instalments' payments, in the chosen currency", async () => {
    vi.mocked(fetchProduct).mockImplementation(async (id) =>
      id === 'signals'
        ? buildProduct({
            id: 'signals',
            priceInNgn: 5000,
            priceInUsd: 4,
            pricing: { kind: 'membership', interval: 'monthly' },
          })
        : buildProduct({ id, priceInNgn: 150000, priceInUsd: 120, pricing: { kind: 'instalments', count: 3 } }),
    );
    renderProductPage({ id: 'signals', preloadedState: chosen('NGN') });
    expect(await screen.findByText('₦5,000 / month')).toBeInTheDocument();
    renderProductPage({ id: 'course-in-three', preloadedState: chosen('USD') });
    expect(await screen.findByText('3 × $40')).toBeInTheDocument();
  });

  it('shows the cover, upper-cased title, price in dollars and the description', async () => {
    renderProductPage({ preloadedState: chosen('USD') });
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Cover of Excel Mastery for Business' });
    expect(cover).toHaveAttribute('src', 'https://images.test/covers/excel.png');
    expect(cover).toHaveAttribute('width');
    expect(cover).toHaveAttribute('height');
    expect(screen.getByText('$15')).toBeInTheDocument();
    expect(screen.getByText(product.description)).toBeInTheDocument();
  });

  it('shows the naira price with ₦ and thousands separators when the currency is NGN', async () => {
    renderProductPage({ preloadedState: chosen('NGN') });
    expect(await screen.findByText('₦12,000')).toBeInTheDocument();
  });

  it('shows the placeholder cover when the cover fails to load', async () => {
    renderProductPage();
    const cover = await screen.findByRole('img', { name: 'Cover of Excel Mastery for Business' });
    fireEvent.error(cover);
    expect(cover).toHaveAttribute('src', '/images/placeholder-cover.svg');
  });

  it("shows 'Product not found' with a way home when the id does not exist", async () => {
    renderProductPage({ id: 'no-such-product' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the store home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('says so and offers a retry when the product cannot be fetched', async () => {
    vi.mocked(fetchProduct).mockRejectedValueOnce(Object.assign(new Error('offline'), { code: 'unavailable' }));
    const { user } = renderProductPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong while fetching this product.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
  });

  it('lists the outline in outlineOrder', async () => {
    vi.mocked(fetchOutlines).mockResolvedValue([
      buildOutline({ productId: product.id, outline: 'Formulas that save hours', outlineOrder: 1 }),
      buildOutline({ productId: product.id, outline: 'Pivot tables', outlineOrder: 2 }),
      buildOutline({ productId: product.id, outline: 'Dashboards', outlineOrder: 3 }),
    ]);
    renderProductPage();
    const outline = await screen.findByRole('list', { name: 'Outline' });
    expect(
      within(outline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Formulas that save hours', 'Pivot tables', 'Dashboards']);
  });

  it('says when a product has no outline yet', async () => {
    renderProductPage();
    expect(await screen.findByText('No outline has been published for this product yet.')).toBeInTheDocument();
  });

  it('says when the outline cannot be loaded', async () => {
    vi.mocked(fetchOutlines).mockRejectedValue(new Error('boom'));
    renderProductPage();
    expect(await screen.findByText('The outline could not be loaded.')).toBeInTheDocument();
  });

  it('lists the four buying notes with the HERE link to the contact page, then the purchases page', async () => {
    renderProductPage();
    const notes = await screen.findByRole('list', { name: 'Notes' });
    const items = within(notes).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent(/pay in Naira.*switch.*NGN.*otherwise switch it to USD/i);
    expect(items[1]).toHaveTextContent(/correct e-mail/i);
    expect(items[2]).toHaveTextContent(/check that e-mail/i);
    expect(items[3]).toHaveTextContent(/if nothing arrives/i);
    expect(within(items[3]!).getByRole('link', { name: 'HERE: the contact page' })).toHaveAttribute(
      'href',
      '/contactus',
    );
    expect(items[4]).toHaveTextContent(/lost the e-mail/i);
    expect(within(items[4]!).getByRole('link', { name: 'your purchases page' })).toHaveAttribute('href', '/purchases');
  });

  it('goes back to the previous page with the Back button', async () => {
    const { user } = renderProductPage({ history: ['/allproducts'] });
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'All products page' })).toBeInTheDocument();
  });

  it('goes home with the Back button when the shopper arrived straight on the product', async () => {
    const { user } = renderProductPage();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('titles the document with the product and describes it with the start of its description', async () => {
    renderProductPage();
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).toBe('Excel Mastery for Business | Digital Store'));
    // eslint-disable-next-line testing-library/no-node-access -- meta tags live in <head>, which no query reaches
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', product.description);
  });
});

describe('payment dialog', () => {
  it.each(['Buy Now', 'Get Yours Now'])(
    "opens 'Complete Payment' with the product and amount from '%s'",
    async (label) => {
      const { user } = renderProductPage({ preloadedState: chosen('NGN') });
      await user.click(await screen.findByRole('button', { name: label }));
      const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(within(dialog).getByText('Excel Mastery for Business')).toBeInTheDocument();
      expect(within(dialog).getByText('₦12,000')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Full Name')).toBeInTheDocument();
      // The component tests build no provider keys and no demo switch: the dialog says so.
      expect(within(dialog).getByText(/payment in this currency is not available/i)).toBeInTheDocument();
    },
  );

  it('opens the payment dialog with the code applied for a link with ?code=', async () => {
    const quoted: unknown[] = [];
    server.use(
      http.post('*/api/checkouts/quote', async ({ request }) => {
        quoted.push(await request.json());
        return HttpResponse.json({ code: 'SPRING', currency: 'NGN', listPrice: 12000, discount: 1800, amount: 10200 });
      }),
    );
    renderProductPage({ preloadedState: chosen('NGN'), search: '?code=spring' });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(await within(dialog).findByText('Code SPRING applied: ₦1,800 off.')).toBeInTheDocument();
    expect(within(dialog).getByText('₦10,200')).toBeInTheDocument();
    expect(quoted).toEqual([{ productId: 'excel-mastery', currency: 'NGN', code: 'SPRING' }]);
  });

  it('opens the payment dialog for the reminder’s link (?checkout=)', async () => {
    renderProductPage({ preloadedState: chosen('NGN'), search: '?checkout=abcdef0123456789abcd' });
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('₦12,000')).toBeInTheDocument();
  });

  it('shows the amount in dollars when the currency is USD', async () => {
    const { user } = renderProductPage({ preloadedState: chosen('USD') });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('$15')).toBeInTheDocument();
  });

  it('closes on Cancel and gives focus back to the button that opened it', async () => {
    const { user } = renderProductPage();
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    await user.click(buy);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(buy).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const { user } = renderProductPage();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    await screen.findByRole('dialog', { name: 'Complete Payment' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    const { user } = renderProductPage();
    await user.click(await screen.findByRole('button', { name: 'Get Yours Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    const name = within(dialog).getByLabelText('Full Name');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
  });
});

describe("the payment dialog's currency switch", () => {
  it('shows both prices and pays in naira after starting in dollars, keeping what the buyer typed', async () => {
    const { user, store } = renderProductPage({ preloadedState: chosen('USD') });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    let dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('Price: ₦12,000 or $15')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Full Name'), 'Ada Obi');
    personClicks();
    await user.click(within(dialog).getByRole('button', { name: 'Pay in naira (Paystack)' }));

    expect(store.getState().currency).toEqual({ currency: 'NGN', chosen: true });
    dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('₦12,000')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Full Name')).toHaveValue('Ada Obi');
    expect(within(dialog).getByRole('button', { name: 'Pay in dollars (PayPal)' })).toBeInTheDocument();
    // The page behind follows the store's currency, as with the top switch.
    expect(screen.getByText('₦12,000', { selector: 'p.text-3xl' })).toBeInTheDocument();
  });

  it('ignores a scripted click on the switch', async () => {
    const { user, store } = renderProductPage({ preloadedState: chosen('USD') });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay in naira (Paystack)' }));
    expect(store.getState().currency).toEqual({ currency: 'USD', chosen: true });
    expect(within(dialog).getByText('$15')).toBeInTheDocument();
  });
});

describe('geo-IP default currency', () => {
  function countryIs(body: Record<string, string>) {
    const requests: string[] = [];
    server.use(
      http.get(geoIpUrl, ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json(body);
      }),
    );
    return requests;
  }

  it('shows naira prices to a visitor in Nigeria who has not chosen a currency', async () => {
    countryIs({ country_code: 'NG' });
    const { store } = renderProductPage();
    expect(await screen.findByText('₦12,000')).toBeInTheDocument();
    expect(store.getState().currency).toEqual({ currency: 'NGN', chosen: false });
  });

  it('prices a ?code= link in naira for a visitor in Nigeria, once the geo-IP default arrives', async () => {
    // The country arrives only after the dialog has applied the code in dollars.
    const country = deferred<void>();
    server.use(
      http.get(geoIpUrl, async () => {
        await country.promise;
        return HttpResponse.json({ country_code: 'NG' });
      }),
    );
    server.use(
      http.post('*/api/checkouts/quote', async ({ request }) => {
        const { currency } = (await request.json()) as { currency: 'NGN' | 'USD' };
        return HttpResponse.json(
          currency === 'NGN'
            ? { code: 'SPRING', currency, listPrice: 12000, discount: 1800, amount: 10200 }
            : { code: 'SPRING', currency, listPrice: 15, discount: 2.25, amount: 12.75 },
        );
      }),
    );
    renderProductPage({ search: '?code=spring' });
    const first = await screen.findByRole('dialog', { name: 'Complete Payment' });
    expect(await within(first).findByText('Code SPRING applied: $2.25 off.')).toBeInTheDocument();
    country.resolve();
    expect(await screen.findByText('Code SPRING applied: ₦1,800 off.', {}, { timeout: 4000 })).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('₦10,200')).toBeInTheDocument();
  });

  it('accepts countryCode and country from other geo-IP services', async () => {
    countryIs({ countryCode: 'NG' });
    renderProductPage();
    expect(await screen.findByText('₦12,000')).toBeInTheDocument();
  });

  it('shows dollar prices to a visitor elsewhere', async () => {
    countryIs({ country_code: 'GB' });
    const { store } = renderProductPage({ preloadedState: { currency: { currency: 'NGN', chosen: false } } });
    await waitFor(() => expect(store.getState().currency.currency).toBe('USD'));
    expect(await screen.findByText('$15')).toBeInTheDocument();
  });

  it('falls back to dollars when the lookup fails', async () => {
    server.use(http.get(geoIpUrl, () => HttpResponse.error()));
    const { store } = renderProductPage({ preloadedState: { currency: { currency: 'NGN', chosen: false } } });
    await waitFor(() => expect(store.getState().currency.currency).toBe('USD'));
    expect(await screen.findByText('$15')).toBeInTheDocument();
  });

  it('falls back to dollars when the service answers with an error', async () => {
    server.use(http.get(geoIpUrl, () => HttpResponse.json({ error: true }, { status: 500 })));
    const { store } = renderProductPage({ preloadedState: { currency: { currency: 'NGN', chosen: false } } });
    await waitFor(() => expect(store.getState().currency.currency).toBe('USD'));
  });

  it('never overrides a currency the shopper chose, and does not even ask', async () => {
    const requests = countryIs({ country_code: 'NG' });
    const { store } = renderProductPage({ preloadedState: chosen('USD') });
    expect(await screen.findByText('$15')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().currency).toEqual({ currency: 'USD', chosen: true });
    expect(requests).toHaveLength(0);
  });
});

describe('a product page the API served with its product, read again once hydrated', () => {
  // The component tests' Firestore is the emulator address in vitest.config.ts; msw answers for it
  // (a pattern: msw would read the '(default)' of the real path as a group).
  const documentUrl =
    /^http:\/\/127\.0\.0\.1:8080\/v1\/projects\/demo-digital-store\/databases\/\(default\)\/documents\/products\/excel-mastery$/;

  function renderEmbedded() {
    const view = renderProductPage();
    view.store.dispatch(productPrimed(product));
    return view;
  }

  it('shows a changed title and price', async () => {
    const { store } = renderEmbedded();
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
    await revalidateProduct(store.dispatch, product, async () => ({
      ...product,
      title: 'Excel Mastery, Second Edition',
      priceInUsd: 19,
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY, SECOND EDITION' })).toBeInTheDocument();
    expect(screen.getByText('$19')).toBeInTheDocument();
    expect(screen.queryByText('$15')).not.toBeInTheDocument();
  });

  it("says 'Product not found' when the product was deleted", async () => {
    const { store } = renderEmbedded();
    await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' });
    await revalidateProduct(store.dispatch, product, async () => null);
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
  });

  it('keeps what it shows when the read fails', async () => {
    const { store } = renderEmbedded();
    await screen.findByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' });
    await revalidateProduct(store.dispatch, product, () => Promise.reject(new Error('offline')));
    expect(screen.getByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' })).toBeInTheDocument();
    expect(screen.getByText('$15')).toBeInTheDocument();
  });

  it("keeps a membership's price per period when read again, and shows a changed pricing", async () => {
    const signals = { ...product, pricing: { kind: 'membership', interval: 'monthly' } as const };
    vi.mocked(fetchProduct).mockResolvedValue(signals);
    const view = renderProductPage({ preloadedState: chosen('USD') });
    view.store.dispatch(productPrimed(signals));
    expect(await screen.findByText('$15 / month')).toBeInTheDocument();
    server.use(
      http.get(documentUrl, () =>
        HttpResponse.json({
          name: 'projects/demo-digital-store/databases/(default)/documents/products/excel-mastery',
          fields: {
            title: { stringValue: product.title },
            description: { stringValue: product.description },
            priceInNgn: { integerValue: String(product.priceInNgn) },
            priceInUsd: { integerValue: String(product.priceInUsd) },
            categoryId: { integerValue: String(product.categoryId) },
            coverImageUrl: { stringValue: product.coverImageUrl },
            author: { stringValue: product.author },
            createdAt: { timestampValue: product.createdAt },
            pricing: {
              mapValue: { fields: { kind: { stringValue: 'membership' }, interval: { stringValue: 'monthly' } } },
            },
          },
        }),
      ),
    );
    const current = await fetchCurrentProduct('excel-mastery');
    expect(current?.pricing).toEqual({ kind: 'membership', interval: 'monthly' });
    const dispatched = vi.spyOn(view.store, 'dispatch');
    await revalidateProduct(view.store.dispatch, signals, fetchCurrentProduct);
    expect(dispatched).not.toHaveBeenCalled();
    expect(screen.getByText('$15 / month')).toBeInTheDocument();

    await revalidateProduct(view.store.dispatch, signals, async () => ({
      ...signals,
      pricing: { kind: 'membership', interval: 'yearly' },
    }));
    expect(await screen.findByText('$15 / year')).toBeInTheDocument();
  });

  it('reads the product document with one plain GET: the current product, null when deleted, an error otherwise', async () => {
    server.use(
      http.get(documentUrl, () =>
        HttpResponse.json({
          name: 'projects/demo-digital-store/databases/(default)/documents/products/excel-mastery',
          fields: {
            title: { stringValue: 'Excel Mastery, Second Edition' },
            description: { stringValue: 'Formulas and pivot tables.' },
            priceInNgn: { integerValue: '15000' },
            priceInUsd: { doubleValue: 19.5 },
            categoryId: { integerValue: '1' },
            coverImageUrl: { stringValue: 'https://images.test/covers/excel.png' },
            author: { stringValue: 'Content Team' },
            createdAt: { timestampValue: '2026-03-01T09:30:00.123456Z' },
          },
        }),
      ),
    );
    expect(await fetchCurrentProduct('excel-mastery')).toEqual({
      id: 'excel-mastery',
      title: 'Excel Mastery, Second Edition',
      description: 'Formulas and pivot tables.',
      priceInNgn: 15000,
      priceInUsd: 19.5,
      categoryId: 1,
      coverImageUrl: 'https://images.test/covers/excel.png',
      author: 'Content Team',
      createdAt: '2026-03-01T09:30:00.123Z',
    });
    server.use(
      http.get(documentUrl, () =>
        HttpResponse.json({ error: { code: 404, status: 'NOT_FOUND', message: 'no document' } }, { status: 404 }),
      ),
    );
    expect(await fetchCurrentProduct('excel-mastery')).toBeNull();
    server.use(http.get(documentUrl, () => HttpResponse.json({ error: { code: 503 } }, { status: 503 })));
    await expect(fetchCurrentProduct('excel-mastery')).rejects.toThrow('product read answered 503');
  });
});
