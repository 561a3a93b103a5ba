import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCategoryProducts } from '../../../../../src/features/admin/api/productAdminQueries';
import { DiscountsPanel } from '../../../../../src/features/admin/discounts/DiscountsPanel';
import { findAlert, fill, pressInAlert } from '../../../../support/adminScreens';
import { setupAlerts } from '../../../../support/alerts';
import {
  createDiscountCode,
  deleteDiscountCode,
  fetchDiscountCodes,
  resetDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from '../../../../support/discountCodes.mock';
import { buildDiscountCode, buildProduct } from '../../../../support/factories';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock('../../../../../src/features/admin/api/discountCodes', () => import('../../../../support/discountCodes.mock'));
vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const excel = buildProduct({ id: 'excel', title: 'Excel Mastery', categoryId: 1 });
const react = buildProduct({ id: 'react', title: 'React Bootcamp', categoryId: 2 });

beforeEach(() => {
  resetProductAdminQueries();
  resetDiscountCodes();
  vi.mocked(fetchCategoryProducts).mockImplementation(async (categoryId) =>
    [excel, react].filter((product) => product.categoryId === categoryId),
  );
});
setupAlerts();

function renderPanel() {
  return renderWithProviders(<DiscountsPanel />, { route: '/admindashboard?panel=discounts' });
}

const codeList = () => screen.getByRole('list', { name: 'Discount codes' });
const newCode = () => screen.getByRole('region', { name: 'New code' });

/** The live percent code every create test starts from, terms as the panel sends them. */
const percentTerms = {
  kind: 'percent',
  percent: 15,
  amountOff: { NGN: 0, USD: 0 },
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  oncePerEmail: false,
  active: true,
};

describe('Discounts panel: the list', () => {
  it("shows 'Loading codes...' while the codes load", () => {
    fetchDiscountCodes.mockImplementation(() => new Promise(() => {}));
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Discounts' })).toBeInTheDocument();
    expect(screen.getByText('Loading codes...')).toHaveAttribute('role', 'status');
  });

  it('says when there is no code yet', async () => {
    renderPanel();
    expect(await screen.findByText('No discount codes yet.')).toBeInTheDocument();
  });

  it('says when the codes could not be loaded, and tries again on request', async () => {
    resetDiscountCodes([buildDiscountCode()]);
    fetchDiscountCodes.mockRejectedValueOnce({ code: 'unavailable', message: 'The store could not be reached.' });
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The codes could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'SPRING' })).toBeInTheDocument();
  });

  it('shows each code’s discount, products, Lagos dates, uses, reservations and revenue per currency', async () => {
    resetDiscountCodes([
      buildDiscountCode({
        code: 'SPRING',
        maxUses: 50,
        uses: 3,
        reserved: 1,
        oncePerEmail: true,
        productIds: ['excel', 'gone'],
        startsAt: '2026-11-01T08:00:00.000Z',
        endsAt: '2099-12-01T08:00:00.000Z',
        revenueMinor: { NGN: 382_500, USD: 595 },
      }),
      buildDiscountCode({
        code: 'TAKE500',
        kind: 'fixed',
        percent: 0,
        amountOff: { NGN: 500, USD: 2.5 },
        active: false,
      }),
    ]);
    renderPanel();
    const spring = await screen.findByRole('article', { name: 'SPRING' });
    const details = (card: HTMLElement, term: string) =>
      within(card)
        .getAllByRole('term')
        .find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    expect(details(spring, 'Discount')).toBe('15% off');
    await waitFor(() => expect(details(spring, 'Applies to')).toBe('Excel Mastery, A deleted product'));
    // 08:00 UTC is 09:00 in Lagos.
    expect(details(spring, 'Valid')).toBe('From 1 Nov 2026, 09:00 until 1 Dec 2099, 09:00');
    expect(details(spring, 'Uses')).toBe('3 of 50, 1 in open checkouts');
    expect(details(spring, 'Once per e-mail')).toBe('Yes');
    expect(details(spring, 'Revenue')).toBe('₦3,825 and $5.95');

    const fixed = screen.getByRole('article', { name: 'TAKE500' });
    expect(within(fixed).getByText('Paused')).toBeInTheDocument();
    expect(details(fixed, 'Discount')).toBe('₦500 or $2.50 off');
    expect(details(fixed, 'Applies to')).toBe('Every product');
    expect(details(fixed, 'Valid')).toBe('Always');
    expect(details(fixed, 'Uses')).toBe('0 (no limit)');
    expect(details(fixed, 'Revenue')).toBe('₦0 and $0');
    expect(within(fixed).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('marks a code that is over, not started or used up', async () => {
    resetDiscountCodes([
      buildDiscountCode({ code: 'OVER', endsAt: '2020-01-01T00:00:00.000Z' }),
      buildDiscountCode({ code: 'LATER', startsAt: '2099-01-01T00:00:00.000Z' }),
      buildDiscountCode({ code: 'GONE', maxUses: 2, uses: 2 }),
    ]);
    renderPanel();
    expect(within(await screen.findByRole('article', { name: 'OVER' })).getByText('Ended')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'LATER' })).getByText('Scheduled')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'GONE' })).getByText('Used up')).toBeInTheDocument();
  });
});

describe('Discounts panel: creating a code', () => {
  it('creates a percent code for every product, upper-cased, then lists it and clears the form', async () => {
    const { user } = renderPanel();
    await screen.findByText('No discount codes yet.');
    await fill(user, { Code: 'spring10', 'Percent off (1-100)': '15' });
    await user.click(within(newCode()).getByRole('button', { name: 'Create code' }));

    await findAlert('Code SPRING10 created.');
    expect(createDiscountCode).toHaveBeenCalledWith('SPRING10', percentTerms);
    await pressInAlert(user);
    expect(await within(codeList()).findByRole('article', { name: 'SPRING10' })).toBeInTheDocument();
    expect(within(newCode()).getByLabelText('Code')).toHaveValue('');
  });

  it('creates a fixed code for chosen products with a Lagos start and end, a limit and once per e-mail', async () => {
    const { user } = renderPanel();
    await screen.findByText('No discount codes yet.');
    const form = newCode();
    await fill(user, { Code: 'LAUNCH' });
    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await fill(user, { 'Amount off in NGN': '500', 'Amount off in USD': '2.50' });
    await user.click(within(form).getByRole('radio', { name: 'Chosen products' }));
    await user.click(await within(form).findByRole('checkbox', { name: 'React Bootcamp' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Excel Mastery' }));
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2027-01-01T00:00' } });
    await fill(user, { 'Total uses limit': '100' });
    await user.click(within(form).getByRole('checkbox', { name: 'Once per buyer e-mail address' }));
    await user.click(within(form).getByRole('button', { name: 'Create code' }));

    await findAlert('Code LAUNCH created.');
    expect(createDiscountCode).toHaveBeenCalledWith('LAUNCH', {
      kind: 'fixed',
      percent: 0,
      amountOff: { NGN: 500, USD: 2.5 },
      productIds: ['react', 'excel'],
      // Typed as Lagos time (UTC+1).
      startsAt: '2026-12-01T08:00:00.000Z',
      endsAt: '2026-12-31T23:00:00.000Z',
      maxUses: 100,
      oncePerEmail: true,
      active: true,
    });
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const { user } = renderPanel();
    await screen.findByText('No discount codes yet.');
    const form = newCode();
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByText('Please enter a code.')).toBeInTheDocument();
    expect(within(form).getByText('Percent off must be a whole number from 1 to 100.')).toBeInTheDocument();

    await fill(user, { Code: 'no spaces', 'Percent off (1-100)': '12.5', 'Total uses limit': '0' });
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '2026-12-01T09:00' } });
    await user.click(within(form).getByRole('radio', { name: 'Chosen products' }));
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(
      within(form).getByText('A code is 3 to 32 letters, digits, hyphens (-) or underscores (_), without spaces.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Percent off must be a whole number from 1 to 100.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one product.')).toBeInTheDocument();
    expect(within(form).getByText('The end must be after the start.')).toBeInTheDocument();
    expect(
      within(form).getByText('The uses limit must be a whole number from 1 to 1,000,000, or empty for no limit.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Code')).toHaveAccessibleDescription(
      'A code is 3 to 32 letters, digits, hyphens (-) or underscores (_), without spaces.',
    );

    await user.click(within(form).getByRole('radio', { name: 'Amount off' }));
    await fill(user, { 'Amount off in USD': '1.999' });
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByText('Amount off in NGN is required.')).toBeInTheDocument();
    expect(within(form).getByText('Amount off in USD can have at most 2 decimal places.')).toBeInTheDocument();
    await fill(user, { 'Amount off in NGN': '0' });
    await user.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(within(form).getByText('Amount off in NGN must be greater than 0.')).toBeInTheDocument();
    expect(createDiscountCode).not.toHaveBeenCalled();
  });

  it('refuses a name that is taken, saying so, and keeps what was typed', async () => {
    resetDiscountCodes([buildDiscountCode({ code: 'SPRING' })]);
    const { user } = renderPanel();
    await screen.findByRole('article', { name: 'SPRING' });
    await fill(user, { Code: 'Spring', 'Percent off (1-100)': '20' });
    await user.click(within(newCode()).getByRole('button', { name: 'Create code' }));
    await findAlert('Code Not Created', 'The code SPRING already exists. Choose another name, or edit that code.');
    await pressInAlert(user);
    expect(within(newCode()).getByLabelText('Code')).toHaveValue('Spring');
    expect(within(codeList()).getAllByRole('article')).toHaveLength(1);
  });
});

describe('Discounts panel: editing, pausing, deleting', () => {
  it('edits a code’s terms in a dialog, keeping its name and whether it is paused', async () => {
    resetDiscountCodes([buildDiscountCode({ code: 'SPRING', active: false, maxUses: 50, uses: 3 })]);
    const { user } = renderPanel();
    const card = await screen.findByRole('article', { name: 'SPRING' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit SPRING' });
    expect(within(dialog).queryByLabelText('Code')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Percent off (1-100)')).toHaveValue('15');
    expect(within(dialog).getByLabelText('Total uses limit')).toHaveValue('50');

    await user.clear(within(dialog).getByLabelText('Percent off (1-100)'));
    await user.type(within(dialog).getByLabelText('Percent off (1-100)'), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await findAlert('Updated!');
    expect(updateDiscountCode).toHaveBeenCalledWith('SPRING', {
      ...percentTerms,
      percent: 20,
      maxUses: 50,
      active: false,
    });
    await pressInAlert(user);
    expect(screen.queryByRole('dialog', { name: 'Edit SPRING' })).not.toBeInTheDocument();
    const details = within(screen.getByRole('article', { name: 'SPRING' }));
    expect(await details.findByText('20% off')).toBeInTheDocument();
    expect(details.getByText('3 of 50')).toBeInTheDocument();
  });

  it('shows a failed edit and keeps the dialog open', async () => {
    resetDiscountCodes([buildDiscountCode()]);
    updateDiscountCode.mockRejectedValueOnce({
      code: 'permission-denied',
      message: 'You do not have permission to do that.',
    });
    const { user } = renderPanel();
    await user.click(
      within(await screen.findByRole('article', { name: 'SPRING' })).getByRole('button', { name: 'Edit' }),
    );
    await user.click(within(screen.getByRole('dialog', { name: 'Edit SPRING' })).getByRole('button', { name: 'Save' }));
    // The edit dialog stays open under the message.
    const message = await screen.findByRole('dialog', { name: 'Update Failed!' });
    expect(within(message).getByText('You do not have permission to do that.')).toBeInTheDocument();
    await user.click(within(message).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Update Failed!' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edit SPRING' })).toBeInTheDocument();
  });

  it('pauses and resumes a code', async () => {
    resetDiscountCodes([buildDiscountCode()]);
    const { user } = renderPanel();
    const card = await screen.findByRole('article', { name: 'SPRING' });
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    expect(await within(card).findByText('Paused')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    expect(await within(card).findByText('Active')).toBeInTheDocument();
    expect(setDiscountCodeActive.mock.calls).toEqual([
      ['SPRING', false],
      ['SPRING', true],
    ]);
  });

  it('says so when a pause could not be saved, and the code stays live', async () => {
    resetDiscountCodes([buildDiscountCode()]);
    setDiscountCodeActive.mockRejectedValueOnce({ code: 'unavailable', message: 'The store could not be reached.' });
    const { user } = renderPanel();
    const card = await screen.findByRole('article', { name: 'SPRING' });
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('SPRING could not be paused. Please try again.');
    expect(within(card).getByText('Active')).toBeInTheDocument();
  });

  it('deletes a code after asking, and keeps it when the admin cancels', async () => {
    resetDiscountCodes([buildDiscountCode()]);
    const { user } = renderPanel();
    const card = await screen.findByRole('article', { name: 'SPRING' });

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await findAlert('Delete SPRING?', 'Buyers can no longer use it. Checkouts that already hold it keep their price.');
    await pressInAlert(user, 'Cancel');
    expect(deleteDiscountCode).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('heading', { name: 'Code SPRING deleted.' })).toBeInTheDocument();
    expect(deleteDiscountCode).toHaveBeenCalledWith('SPRING');
    expect(await screen.findByText('No discount codes yet.')).toBeInTheDocument();
  });
});
