// A purchase's license key in the library (docs/licenses.md): the key, its machines with the day each was
// activated, Deactivate per machine (the sentence after it takes the focus), and the API's refusal in
// words. Our API is stubbed with msw, as the library's other component tests do.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LibraryAnswer, LibraryLicense, LibraryPurchase } from '../../../../domain/library';
import { LibraryList } from '../../../../src/features/library/components/LibraryList';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const purchase: LibraryPurchase = {
  id: 'demo_K1',
  title: 'Excel Mastery for Business',
  coverImageUrl: null,
  paidAt: '2026-11-22T09:00:05.000Z',
  currency: 'NGN',
  amountPaid: 12000,
  listPrice: 12000,
  discountCode: null,
  discountAmount: 0,
  refunded: 0,
  hasLicenseKey: true,
  hasCourse: false,
  state: 'active',
};

const license: LibraryLicense = {
  key: '8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E',
  status: 'active',
  activationLimit: 3,
  activations: [
    { id: 'i-office', name: 'Office PC', at: '2026-11-23T10:00:00.000Z' },
    { id: 'i-laptop', name: 'Home laptop', at: '2026-11-24T18:30:00.000Z' },
  ],
};

function libraryOf(purchases: LibraryPurchase[]): LibraryAnswer {
  return { email: 'ada@example.com', purchases };
}

describe('a license key in the library', () => {
  it('shows the key and its machines, and Deactivate frees a seat', async () => {
    let stored = license;
    const deactivated: string[] = [];
    server.use(
      http.get('*/api/library/purchases/demo_K1/license', () => HttpResponse.json({ license: stored })),
      http.post('*/api/library/purchases/demo_K1/license/:instanceId/deactivate', ({ params }) => {
        deactivated.push(String(params.instanceId));
        stored = { ...stored, activations: stored.activations.filter((a) => a.id !== params.instanceId) };
        return HttpResponse.json({ license: stored });
      }),
    );
    const { user } = renderWithProviders(<LibraryList library={libraryOf([purchase])} />);
    const section = await screen.findByRole('region', { name: 'License key for Excel Mastery for Business' });
    expect(within(section).getByRole('heading', { name: 'Your license key' })).toBeInTheDocument();
    expect(within(section).getByText('8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E')).toBeInTheDocument();
    expect(within(section).getByText('Machines using this key: 2 of 3')).toBeInTheDocument();
    const machines = within(section).getByRole('list', {
      name: 'Machines using your license key for Excel Mastery for Business',
    });
    const [office, laptop] = within(machines).getAllByRole('listitem');
    expect(office).toHaveTextContent('Office PCMachine · activated 23 November 2026');
    expect(laptop).toHaveTextContent('Home laptopMachine · activated 24 November 2026');

    await user.click(within(section).getByRole('button', { name: 'Deactivate Office PC' }));
    const said = await within(section).findByRole('status');
    expect(said).toHaveTextContent('Office PC is deactivated: its seat is free.');
    await waitFor(() => expect(said).toHaveFocus());
    expect(await within(section).findByText('Machines using this key: 1 of 3')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Deactivate Office PC' })).toBeNull();
    expect(deactivated).toEqual(['i-office']);
  });

  it('says a refusal in words, says a key still owed, and shows no key for purchases without one or ended', async () => {
    const owed = { ...purchase, id: 'demo_K2', title: 'Plugin Pro' };
    const plain = { ...purchase, id: 'demo_P1', title: 'Poultry Guide', hasLicenseKey: false };
    const ended = { ...purchase, id: 'demo_K3', title: 'Refunded Tool', state: 'refunded' as const };
    const asked: string[] = [];
    server.use(
      http.get('*/api/library/purchases/:id/license', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({
          license: params.id === 'demo_K2' ? { ...license, key: null, activations: [] } : license,
        });
      }),
      http.post('*/api/library/purchases/demo_K1/license/:instanceId/deactivate', () =>
        HttpResponse.json({ message: 'Access to this purchase has ended.' }, { status: 410 }),
      ),
    );
    const { user } = renderWithProviders(<LibraryList library={libraryOf([purchase, owed, plain, ended])} />);
    const owedSection = await screen.findByRole('region', { name: 'License key for Plugin Pro' });
    expect(owedSection).toHaveTextContent('Your license key will be sent to you by e-mail shortly.');
    const section = await screen.findByRole('region', { name: 'License key for Excel Mastery for Business' });
    await user.click(within(section).getByRole('button', { name: 'Deactivate Home laptop' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Access to this purchase has ended.');
    expect(screen.queryByRole('region', { name: 'License key for Poultry Guide' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'License key for Refunded Tool' })).toBeNull();
    expect(asked.sort()).toEqual(['demo_K1', 'demo_K2']);
  });
});
