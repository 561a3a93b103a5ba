// The seller's e-mails in the library (docs/emails.md, 'In the library'): the library's mailing routes
// stubbed with msw as a signed-in buyer meets them.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LibraryMailings } from '../../../../src/features/library/components/LibraryMailings';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const chapterNine = {
  id: 'm'.repeat(20),
  subject: 'Chapter 9 is out',
  sentAt: '2026-11-25T09:00:00.000Z',
  html: '<h2>Chapter 9</h2><p>Read it in your library.</p>',
};
const welcome = {
  id: 'w'.repeat(20),
  subject: 'Welcome to the writers’ list',
  sentAt: '2026-11-02T09:00:00.000Z',
  html: '<p>Thanks for buying.</p>',
};

function mailingEndpoints({ subscribed, bounced = false }: { subscribed: boolean; bounced?: boolean }) {
  let now = subscribed;
  let posts = 0;
  server.use(
    http.get('*/api/library/mailings', () => HttpResponse.json({ mailings: [chapterNine, welcome], subscribed: now })),
    http.post('*/api/library/mailings/subscribe', () => {
      posts += 1;
      if (bounced) {
        return HttpResponse.json(
          {
            message:
              'E-mails to this address could not be delivered, so the store cannot send them again. Please contact the seller.',
          },
          { status: 409 },
        );
      }
      now = true;
      return HttpResponse.json({ subscribed: true, message: 'You will get the seller’s e-mails again.' });
    }),
  );
  return { posts: () => posts };
}

describe('the e-mails in the library', () => {
  it('shows the seller’s e-mails newest first, the newest open to read', async () => {
    mailingEndpoints({ subscribed: true });
    const { user } = renderWithProviders(<LibraryMailings />);
    const section = await screen.findByRole('region', { name: 'E-mails from the seller' });
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Chapter 9 is out · 25 November 2026/);
    expect(items[1]).toHaveTextContent(/^Welcome to the writers’ list · 2 November 2026/);
    expect(within(section).getByRole('heading', { level: 2, name: 'Chapter 9' })).toBeVisible();
    expect(within(section).getByText('Read it in your library.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Subscribe again' })).not.toBeInTheDocument();
    // The older one is closed until its summary is pressed.
    expect(within(section).getByText('Thanks for buying.')).not.toBeVisible();
    await user.click(within(section).getByText('Welcome to the writers’ list'));
    expect(within(section).getByText('Thanks for buying.')).toBeVisible();
  });

  it('offers to subscribe again after an unsubscribe, and says so once done', async () => {
    const endpoints = mailingEndpoints({ subscribed: false });
    const { user } = renderWithProviders(<LibraryMailings />);
    expect(
      await screen.findByText('You unsubscribed from the seller’s e-mails, so none are sent to you.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You will get the seller’s e-mails again.');
    expect(await screen.findByText('Chapter 9 is out')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe again' })).not.toBeInTheDocument();
    expect(endpoints.posts()).toBe(1);
  });

  it('says in words why a bounced address cannot subscribe again', async () => {
    mailingEndpoints({ subscribed: false, bounced: true });
    const { user } = renderWithProviders(<LibraryMailings />);
    await user.click(await screen.findByRole('button', { name: 'Subscribe again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'E-mails to this address could not be delivered, so the store cannot send them again. Please contact the seller.',
    );
    expect(screen.getByRole('button', { name: 'Subscribe again' })).toBeInTheDocument();
  });

  it('says when there are no e-mails yet', async () => {
    server.use(http.get('*/api/library/mailings', () => HttpResponse.json({ mailings: [], subscribed: true })));
    renderWithProviders(<LibraryMailings />);
    expect(await screen.findByText('No e-mails about your products yet.')).toBeInTheDocument();
  });
});
