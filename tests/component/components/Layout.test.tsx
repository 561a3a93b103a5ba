import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Layout } from '../../../src/components/Layout';
import { resetAffiliateProgramCache } from '../../../src/lib/affiliateRef';
import { server } from '../../support/msw';
import { renderWithProviders } from '../../support/renderWithProviders';

function renderShell() {
  return renderWithProviders(
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<p>Page body</p>} />
      </Route>
    </Routes>,
  );
}

describe('app shell', () => {
  it('shows the round logo linking home', () => {
    renderShell();
    const home = screen.getByRole('link', { name: 'Digital Store home' });
    expect(home).toHaveAttribute('href', '/');
    expect(within(home).getByRole('img', { name: 'Digital Store logo' })).toBeInTheDocument();
  });

  it('shows the footer with contact details, links and the rights line', () => {
    renderShell();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'hello@digitalstore.test' })).toHaveAttribute(
      'href',
      'mailto:hello@digitalstore.test',
    );
    expect(within(footer).getByText('+234 800 000 0000')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
    expect(within(footer).getByRole('link', { name: 'Get my purchases again' })).toHaveAttribute('href', '/purchases');
    expect(within(footer).getByRole('link', { name: 'Your library' })).toHaveAttribute('href', '/library');
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      'https://www.digitalstore.test/termsandconditions',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://www.digitalstore.test/privacypolicy',
    );
    expect(
      within(footer).getByText(`© ${new Date().getFullYear()} Digital Store Ltd. All rights reserved.`),
    ).toBeInTheDocument();
  });

  describe('the affiliate link', () => {
    beforeEach(resetAffiliateProgramCache);

    it('shows Become an affiliate in the footer while the program is on', async () => {
      server.use(
        http.get('*/api/affiliates/program', () => HttpResponse.json({ on: true, percent: 30, windowDays: 30 })),
      );
      renderShell();
      const footer = screen.getByRole('contentinfo');
      expect(await within(footer).findByRole('link', { name: 'Become an affiliate' })).toHaveAttribute(
        'href',
        '/affiliates',
      );
    });

    it('leaves it out while the program is off', async () => {
      let asked = 0;
      server.use(
        http.get('*/api/affiliates/program', () => {
          asked += 1;
          return HttpResponse.json({ on: false, percent: 10, windowDays: 30 });
        }),
      );
      renderShell();
      await expect.poll(() => asked).toBe(1);
      expect(within(screen.getByRole('contentinfo')).queryByRole('link', { name: 'Become an affiliate' })).toBeNull();
    });
  });
});
