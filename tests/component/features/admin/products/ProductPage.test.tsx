// The product page (docs/admin.md, 'The product page'): its sections as tabs reached by keyboard, one
// Save per section saying what it saved, unsaved changes kept while switching sections, and the prompt
// that names them before the seller leaves (a link in the app, or closing the tab). The Firestore
// boundary is mocked and the course API stubbed with msw, as the sections' own tests do.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCourseSave } from '../../../../../domain/courses';
import {
  fetchDeliverables,
  fetchDeliverableUrl,
  fetchProductsByIds,
  fetchProductsPage,
  saveDeliverySettings,
  updateProduct,
} from '../../../../../src/features/admin/api/productAdminQueries';
import { findAlert, pressInAlert } from '../../../../support/adminScreens';
import { setupAlerts } from '../../../../support/alerts';
import { resetCatalogQueries } from '../../../../support/catalogQueries.mock';
import { buildProduct } from '../../../../support/factories';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderProductRoutes, sectionPanel } from '../../../../support/productPageScreen';

vi.mock(
  '../../../../../src/features/catalog/api/catalogQueries',
  () => import('../../../../support/catalogQueries.mock'),
);
vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
const saveLicenseKeySettings = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../../../src/features/admin/api/licenseKeySettings', () => ({ saveLicenseKeySettings }));

const bootcamp = buildProduct({
  id: 'react-bootcamp',
  title: 'React Web Development Bootcamp',
  priceInNgn: 25000,
  priceInUsd: 30,
  categoryId: 2,
});
const pagePath = '/admindashboard/products/react-bootcamp';

function courseEndpoints() {
  const saves: AdminCourseSave[] = [];
  server.use(
    http.get('*/api/admin/courses/react-bootcamp', () =>
      HttpResponse.json({
        productId: 'react-bootcamp',
        sections: [{ id: 's1', title: 'Getting started', lessons: [] }],
        updatedAt: '2026-11-20T10:00:00.000Z',
      }),
    ),
    http.put('*/api/admin/courses/react-bootcamp', async ({ request }) => {
      const body = (await request.json()) as AdminCourseSave;
      saves.push(body);
      return HttpResponse.json({
        productId: 'react-bootcamp',
        sections: body.sections,
        updatedAt: '2026-11-22T12:00:00.000Z',
      });
    }),
    // The page's 'E-mails after purchase' section: none yet.
    http.get('*/api/admin/sequences/react-bootcamp', () => HttpResponse.json({ steps: [] })),
  );
  return saves;
}

beforeEach(() => {
  resetProductAdminQueries();
  resetCatalogQueries();
  saveLicenseKeySettings.mockClear();
  vi.mocked(fetchProductsByIds).mockResolvedValue([bootcamp]);
  vi.mocked(fetchProductsPage).mockResolvedValue({ products: [bootcamp], next: null });
  vi.mocked(fetchDeliverableUrl).mockResolvedValue('https://drive.example.com/react');
  vi.mocked(fetchDeliverables).mockResolvedValue({
    url: 'https://drive.example.com/react',
    files: [],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
    licenseKeys: { on: false, activationLimit: null, source: 'generated' },
  });
});
setupAlerts();

describe('the product page', () => {
  it('moves between its sections with the arrow keys, Home and End, one panel shown at a time', async () => {
    courseEndpoints();
    const { user } = renderProductRoutes(pagePath);
    const details = await screen.findByRole('tab', { name: 'Details' });
    await user.click(details);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pricing' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const files = screen.getByRole('tab', { name: 'Files and delivery' });
    expect(files).toHaveFocus();
    expect(files).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toBe(sectionPanel('Files and delivery'));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'E-mails after purchase' })).toHaveFocus();
    expect(await within(screen.getByRole('tabpanel')).findByText('No e-mails after purchase yet.')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Course' })).toHaveFocus();
    expect(await within(screen.getByRole('tabpanel')).findByLabelText('Section 1 title')).toHaveValue(
      'Getting started',
    );
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(details).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'E-mails after purchase' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(details).toHaveAttribute('aria-selected', 'true');
    expect(details).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Course' })).toHaveAttribute('tabindex', '-1');
  });

  it('saves each section with its own Save, which says what it saved', async () => {
    const saves = courseEndpoints();
    const { user } = renderProductRoutes(pagePath);
    await screen.findByRole('tablist', { name: 'Product sections' });
    const details = sectionPanel('Details');
    const ngn = await within(details).findByLabelText('Price in NGN');
    await user.clear(ngn);
    await user.type(ngn, '27000');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    await findAlert('Updated!');
    await pressInAlert(user);
    expect(updateProduct).toHaveBeenCalledWith('react-bootcamp', expect.objectContaining({ priceInNgn: 25000 }), {
      priceInNgn: 27000,
    });

    await user.click(screen.getByRole('tab', { name: 'Files and delivery' }));
    const files = sectionPanel('Files and delivery');
    await user.type(within(files).getByLabelText('Downloads per file (empty: no limit)'), '5');
    await user.click(within(files).getByRole('button', { name: 'Save delivery settings' }));
    expect(await within(files).findByText('Delivery settings saved.')).toBeInTheDocument();
    expect(saveDeliverySettings).toHaveBeenCalledWith(
      'react-bootcamp',
      { stampPdf: true, downloadLimit: null, expiryDays: null },
      { stampPdf: true, downloadLimit: 5, expiryDays: null },
    );
    expect(within(files).queryByLabelText('Issue a license key with each sale')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'License keys' }));
    const keys = sectionPanel('License keys');
    await user.click(within(keys).getByRole('checkbox', { name: 'Issue a license key with each sale' }));
    await user.click(within(keys).getByRole('button', { name: 'Save license key settings' }));
    expect(await within(keys).findByText('License key settings saved.')).toBeInTheDocument();
    expect(saveLicenseKeySettings).toHaveBeenCalledWith(
      'react-bootcamp',
      { on: false, activationLimit: null, source: 'generated' },
      { on: true, activationLimit: null, source: 'generated' },
    );

    await user.click(screen.getByRole('tab', { name: 'Course' }));
    const course = sectionPanel('Course');
    const title = await within(course).findByLabelText('Section 1 title');
    await user.clear(title);
    await user.type(title, 'First steps');
    await user.click(within(course).getByRole('button', { name: 'Save the course' }));
    expect(await within(course).findByText('Course saved.')).toBeInTheDocument();
    expect(saves.map((save) => save.sections[0]?.title)).toEqual(['First steps']);
    // Everything is saved: no section is marked, and nothing is said to be unsaved. Each section
    // reports in an effect after the render that says it saved, so the marks follow a moment later.
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Details',
        'Pricing',
        'Files and delivery',
        'License keys',
        'Course',
        'E-mails after purchase',
      ]),
    );
  });

  it('counts a number typed with a leading zero as saved once its Save stored it', async () => {
    courseEndpoints();
    const { user } = renderProductRoutes(pagePath);
    await user.click(await screen.findByRole('tab', { name: 'Files and delivery' }));
    const files = sectionPanel('Files and delivery');
    await user.type(within(files).getByLabelText('Downloads per file (empty: no limit)'), '05');
    expect(screen.getByText('Not saved yet: Files and delivery.')).toBeInTheDocument();
    await user.click(within(files).getByRole('button', { name: 'Save delivery settings' }));
    expect(await within(files).findByText('Delivery settings saved.')).toBeInTheDocument();
    expect(saveDeliverySettings).toHaveBeenCalledWith(
      'react-bootcamp',
      { stampPdf: true, downloadLimit: null, expiryDays: null },
      { stampPdf: true, downloadLimit: 5, expiryDays: null },
    );
    expect(await screen.findByRole('tab', { name: 'Files and delivery' })).toBeInTheDocument();
    expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'License keys' }));
    const keys = sectionPanel('License keys');
    await user.click(within(keys).getByRole('checkbox', { name: 'Issue a license key with each sale' }));
    await user.type(within(keys).getByLabelText(/activation/i), '007');
    await user.click(within(keys).getByRole('button', { name: 'Save license key settings' }));
    expect(await within(keys).findByText('License key settings saved.')).toBeInTheDocument();
    expect(saveLicenseKeySettings).toHaveBeenCalledWith(
      'react-bootcamp',
      { on: false, activationLimit: null, source: 'generated' },
      { on: true, activationLimit: 7, source: 'generated' },
    );
    expect(await screen.findByRole('tab', { name: 'License keys' })).toBeInTheDocument();
    expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument();
  });

  it('keeps unsaved changes across sections and names them before leaving through a link', async () => {
    courseEndpoints();
    const { user } = renderProductRoutes(pagePath);
    await screen.findByRole('tablist', { name: 'Product sections' });
    const title = await within(sectionPanel('Details')).findByLabelText('Title');
    await user.type(title, ' 2');
    await user.click(screen.getByRole('tab', { name: /^Files and delivery/ }));
    const limit = within(sectionPanel(/^Files and delivery/)).getByLabelText('Downloads per file (empty: no limit)');
    await user.type(limit, '3');
    await user.click(screen.getByRole('tab', { name: /^Course/ }));
    await user.click(screen.getByRole('tab', { name: /^Details/ }));
    expect(title).toHaveValue('React Web Development Bootcamp 2');
    expect(screen.getByRole('tab', { name: 'Details (not saved)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Files and delivery (not saved)' })).toBeInTheDocument();
    expect(screen.getByText('Not saved yet: Details, Files and delivery.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to Manage Products' }));
    await findAlert(
      'Leave this page?',
      "'Details' and 'Files and delivery' have changes that are not saved. Leave and lose them?",
    );
    await pressInAlert(user, 'Cancel');
    expect(title).toHaveValue('React Web Development Bootcamp 2');
    expect(limit).toHaveValue('3');

    await user.click(screen.getByRole('link', { name: 'Back to Manage Products' }));
    await pressInAlert(user, 'Leave without saving');
    expect(await screen.findByRole('heading', { name: 'Manage Products' })).toBeInTheDocument();
    expect(updateProduct).not.toHaveBeenCalled();
    expect(saveDeliverySettings).not.toHaveBeenCalled();
  });

  it('asks the browser to confirm closing the tab only while a section has unsaved changes', async () => {
    courseEndpoints();
    const { user } = renderProductRoutes(pagePath);
    const closing = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    await screen.findByRole('tablist', { name: 'Product sections' });
    const title = await within(sectionPanel('Details')).findByLabelText('Title');
    expect(closing()).toBe(true);
    await user.type(title, ' 2');
    await waitFor(() => expect(closing()).toBe(false));
    await user.clear(title);
    await user.type(title, 'React Web Development Bootcamp');
    await waitFor(() => expect(closing()).toBe(true));
    expect(screen.getByRole('tab', { name: 'Details' })).toBeInTheDocument();
  });

  it('says so in words when the product does not exist', async () => {
    vi.mocked(fetchProductsByIds).mockResolvedValue([]);
    renderProductRoutes('/admindashboard/products/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This product does not exist (it may have been deleted).',
    );
    expect(screen.getByRole('link', { name: 'Back to Manage Products' })).toBeInTheDocument();
  });
});
