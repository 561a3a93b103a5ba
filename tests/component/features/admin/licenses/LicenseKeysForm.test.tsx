// A product's license key settings in its page's License keys section (docs/licenses.md): off by default, the activation
// limit checked in words, where keys come from, saved through the Firestore boundary (mocked here, as the
// product panels' is); the pool's count and keys added from a paste or a file, through our admin API
// (stubbed with msw), in requests under its 32 KB body limit.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LicenseKeysSection } from '../../../../../src/features/admin/licenses/LicenseKeysSection';
import { fetchDeliverables, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { server } from '../../../../support/msw';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
const saveLicenseKeySettings = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../../../src/features/admin/api/licenseKeySettings', () => ({ saveLicenseKeySettings }));

beforeEach(() => {
  resetProductAdminQueries();
  saveLicenseKeySettings.mockClear();
  fetchDeliverables.mockResolvedValue({
    url: 'https://drive.test/tool',
    files: [],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
    licenseKeys: { on: false, activationLimit: null, source: 'generated' },
  });
});

describe("license keys in the product page's section", () => {
  it('turns keys on with an activation limit, and refuses a limit that is not a whole number', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LicenseKeysSection productId="p1" />);
    const on = await screen.findByRole('checkbox', { name: 'Issue a license key with each sale' });
    expect(on).not.toBeChecked();
    expect(
      screen.getByText('The store generates each key: 128 random bits, shown in groups (8F3A2C1D-…).'),
    ).toBeInTheDocument();
    await user.click(on);
    const limit = screen.getByLabelText('Activation limit per key (empty: unlimited)');
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The activation limit is a whole number from 1 to 1000, or empty for no limit.',
    );
    expect(saveLicenseKeySettings).not.toHaveBeenCalled();

    await user.clear(limit);
    await user.type(limit, '3');
    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByText('License key settings saved.')).toBeInTheDocument();
    expect(saveLicenseKeySettings).toHaveBeenCalledWith(
      'p1',
      { on: false, activationLimit: null, source: 'generated' },
      { on: true, activationLimit: 3, source: 'generated' },
    );
  });
});

describe('a refused save of the license key settings', () => {
  it('says the refusal in words, keeps what was chosen and does not say it saved', async () => {
    saveLicenseKeySettings.mockRejectedValueOnce(
      // The shape Firestore rejects with: an Error carrying the SDK's code.
      Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<LicenseKeysSection productId="p1" />);
    const on = await screen.findByRole('checkbox', { name: 'Issue a license key with each sale' });
    await user.click(on);
    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do that.');
    expect(screen.queryByText('Missing or insufficient permissions.')).not.toBeInTheDocument();
    expect(screen.queryByText('License key settings saved.')).not.toBeInTheDocument();
    expect(on).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByText('License key settings saved.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

/**
 * The pool API as the server answers it: a key repeated or already in the pool refused, counted and
 * listed with its reason; `elsewhere` are keys another product's pool holds.
 */
function poolApi(startWith: string[], elsewhere: string[] = []) {
  const pool = new Set(startWith);
  const bodies: { bytes: number; authorization: string | null }[] = [];
  server.use(
    http.get('*/api/admin/products/p1/license-pool', () => HttpResponse.json({ left: pool.size })),
    http.post('*/api/admin/products/p1/license-pool', async ({ request }) => {
      const raw = await request.text();
      bodies.push({ bytes: new TextEncoder().encode(raw).length, authorization: request.headers.get('authorization') });
      const lines = (JSON.parse(raw) as { keys: string }).keys.split('\n').filter(Boolean);
      let added = 0;
      const refused: Array<{ key: string; reason: string }> = [];
      const seen = new Set<string>();
      for (const key of lines) {
        if (seen.has(key)) refused.push({ key, reason: 'Repeated in this list.' });
        else if (pool.has(key)) refused.push({ key, reason: "Already in this product's pool." });
        else if (elsewhere.includes(key))
          refused.push({ key, reason: 'Already in the pool of another product (“Other Tool”).' });
        else {
          pool.add(key);
          added += 1;
        }
        seen.add(key);
      }
      const duplicates = lines.length - added;
      return HttpResponse.json({
        message: 'server words',
        added,
        duplicates,
        refused,
        left: pool.size,
        sent: added ? 1 : 0,
      });
    }),
  );
  return bodies;
}

describe("the pool of keys in the product page's License keys section", () => {
  it("saves 'From my pool', shows the keys left, and adds a .csv of 2,000 keys in chunks with duplicates counted", async () => {
    fetchDeliverables.mockResolvedValue({
      url: 'https://drive.test/tool',
      files: [],
      stampPdf: true,
      downloadLimit: null,
      expiryDays: null,
      licenseKeys: { on: true, activationLimit: 3, source: 'generated' },
    });
    const bodies = poolApi(['OLD-1', 'OLD-2', 'OLD-3']);
    const user = userEvent.setup();
    renderWithProviders(<LicenseKeysSection productId="p1" />);
    const generated = await screen.findByRole('radio', { name: 'Generated by the store' });
    expect(generated).toBeChecked();
    expect(screen.queryByLabelText('Keys to add, one per line')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'From my pool' }));
    expect(await screen.findByText('3 keys left in the pool. Fewer than 10: add more soon.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save license key settings' }));
    expect(await screen.findByText('License key settings saved.')).toBeInTheDocument();
    expect(saveLicenseKeySettings).toHaveBeenCalledWith(
      'p1',
      { on: true, activationLimit: 3, source: 'generated' },
      { on: true, activationLimit: 3, source: 'pool' },
    );

    // 2,000 keys of a spreadsheet export: quoted first cells, a second column, one repeated, one already in.
    const keys = Array.from(
      { length: 1998 },
      (_, i) => `"KEY-${String(i).padStart(6, '0')}-ABCDEFGHIJKLMNOP",note ${i}`,
    );
    const csv = ['"OLD-1",old', ...keys, keys[0], ''].join('\r\n');
    const file = new File([csv], 'keys.csv', { type: 'text/csv' });
    await user.upload(
      screen.getByLabelText('Or read them from a .txt or .csv file (one key per line, up to 10,000)'),
      file,
    );
    expect(await screen.findByText('keys.csv: 2,000 keys ready to add.')).toHaveAttribute('role', 'status');
    const area = screen.getByLabelText('Keys to add, one per line');
    expect((area as HTMLTextAreaElement).value.split('\n').slice(0, 2)).toEqual([
      'OLD-1',
      'KEY-000000-ABCDEFGHIJKLMNOP',
    ]);
    await user.click(screen.getByRole('button', { name: 'Add keys to the pool' }));
    expect(
      await screen.findByText(
        '1,998 keys added; 2,001 left in the pool. 2 keys refused as duplicates. 3 buyers e-mailed the key they were owed.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('2,001 keys left in the pool.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Keys not added' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "OLD-1: Already in this product's pool.",
      "KEY-000000-ABCDEFGHIJKLMNOP: Already in this product's pool.",
    ]);
    expect(area).toHaveValue('');
    expect(bodies.length).toBe(3);
    for (const body of bodies) {
      expect(body.bytes).toBeLessThan(32 * 1024);
      expect(body.authorization).toBe('Bearer admin-id-token');
    }
  });

  it("lists each key the API refused with its reason, such as a key in another product's pool", async () => {
    fetchDeliverables.mockResolvedValue({
      url: 'https://drive.test/tool',
      files: [],
      stampPdf: true,
      downloadLimit: null,
      expiryDays: null,
      licenseKeys: { on: true, activationLimit: null, source: 'pool' },
    });
    poolApi(['IN-POOL'], ['SHARED-1']);
    const user = userEvent.setup();
    renderWithProviders(<LicenseKeysSection productId="p1" />);
    expect(await screen.findByText('1 key left in the pool. Fewer than 10: add more soon.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Keys to add, one per line'), {
      target: { value: 'NEW-1\nSHARED-1\nIN-POOL\nNEW-1' },
    });
    await user.click(screen.getByRole('button', { name: 'Add keys to the pool' }));
    expect(
      await screen.findByText(
        '1 key added; 2 left in the pool. 3 keys refused as duplicates. 1 buyer e-mailed the key they were owed.',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Keys not added' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'SHARED-1: Already in the pool of another product (“Other Tool”).',
      "IN-POOL: Already in this product's pool.",
      'NEW-1: Repeated in this list.',
    ]);
  });

  it('refuses more than 10,000 keys, an empty paste and another kind of file in words, sending nothing', async () => {
    fetchDeliverables.mockResolvedValue({
      url: 'https://drive.test/tool',
      files: [],
      stampPdf: true,
      downloadLimit: null,
      expiryDays: null,
      licenseKeys: { on: true, activationLimit: null, source: 'pool' },
    });
    const bodies = poolApi([]);
    const user = userEvent.setup();
    renderWithProviders(<LicenseKeysSection productId="p1" />);
    expect(
      await screen.findByText('The pool is empty: a sale gets its key once you add some (the buyer is e-mailed it).'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add keys to the pool' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Paste the keys, one per line, or choose a file.');
    fireEvent.change(screen.getByLabelText('Keys to add, one per line'), {
      target: { value: Array.from({ length: 10_001 }, (_, i) => `K${i}`).join('\n') },
    });
    await user.click(screen.getByRole('button', { name: 'Add keys to the pool' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Add at most 10,000 keys at once; this list has 10,001.'),
    );
    await user.upload(
      screen.getByLabelText('Or read them from a .txt or .csv file (one key per line, up to 10,000)'),
      // Its type passes the picker's filter; the name is what is checked.
      new File(['K1'], 'keys.xlsx', { type: 'text/plain' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a .txt or .csv file with one key per line.');
    expect(bodies).toEqual([]);
  });
});
