import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesPanel } from '../../../../src/features/admin/dashboard/MessagesPanel';
import {
  buildMessage,
  fetchMessagesPage,
  resetContactMessages,
  setMessageHandled,
} from '../../../support/contactMessages.mock';
import { renderWithProviders } from '../../../support/renderWithProviders';

vi.mock('../../../../src/features/admin/api/contactMessages', () => import('../../../support/contactMessages.mock'));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderPanel(search = '?panel=messages') {
  return renderWithProviders(
    <>
      <MessagesPanel />
      <Where />
    </>,
    { route: `/admindashboard${search}` },
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'Contact messages' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Sender ${from + i}`);

beforeEach(() => resetContactMessages());

describe('Messages panel states', () => {
  it("shows 'Loading messages...' while the first page loads", () => {
    fetchMessagesPage.mockImplementation(() => new Promise(() => {}));
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages...');
  });

  it('says when there is nothing unhandled, and when there is nothing at all', async () => {
    resetContactMessages([buildMessage(0, { handled: true })]);
    const { user } = renderPanel();
    expect(await screen.findByText('No unhandled messages.')).toBeInTheDocument();
    resetContactMessages([]);
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('says when the messages could not be loaded, and tries again on request', async () => {
    resetContactMessages([buildMessage(0)]);
    fetchMessagesPage.mockRejectedValueOnce({
      code: 'permission-denied',
      message: 'You do not have permission to do that.',
    });
    const { user } = renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The messages could not be loaded.');
    expect(alert).not.toHaveTextContent('permission-denied');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Sender 0' })).toBeInTheDocument();
  });

  it('shows each message with its sender, e-mail, phone, Lagos date and text, the text never as HTML', async () => {
    resetContactMessages([
      buildMessage(0, {
        name: 'Ada Obi',
        email: 'ada+shop@example.com',
        phone: '+234 803 000 1111',
        message: 'Where is my ebook?\n<b>Paid</b> <img src=x onerror=alert(1)>',
        createdAt: '2026-11-01T23:30:00.000Z',
      }),
    ]);
    renderPanel();
    const card = await screen.findByRole('article', { name: 'Ada Obi' });
    expect(within(card).getByText('ada+shop@example.com')).toBeInTheDocument();
    expect(within(card).getByText('+234 803 000 1111')).toBeInTheDocument();
    // 23:30 UTC is 00:30 the next day in Lagos (UTC+1).
    expect(within(card).getByText('2 Nov 2026, 00:30')).toHaveAttribute('datetime', '2026-11-01T23:30:00.000Z');
    expect(
      within(card).getByText(
        (_content, element) =>
          element?.tagName === 'P' &&
          element.textContent === 'Where is my ebook?\n<b>Paid</b> <img src=x onerror=alert(1)>',
      ),
    ).toBeInTheDocument();
    // No element was made from the message's markup; no query finds elements by tag name.
    // eslint-disable-next-line testing-library/no-node-access -- see the line above
    expect(card.querySelector('b, img')).toBeNull();
    expect(within(card).getByText('Unhandled')).toBeInTheDocument();
  });

  it('replies through the mail client with the subject prefilled and everything encoded', async () => {
    resetContactMessages([buildMessage(0, { name: 'Ada Obi', email: 'ada+shop@example.com' })]);
    renderPanel();
    const card = await screen.findByRole('article', { name: 'Ada Obi' });
    expect(within(card).getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      'mailto:ada%2Bshop@example.com?subject=Re%3A%20your%20message%20to%20Digital%20Store',
    );
  });
});

describe('Messages panel paging', () => {
  it('pages newest first, 20 a page, with Next and Previous moving by cursor', async () => {
    resetContactMessages(Array.from({ length: 45 }, (_, n) => buildMessage(n)));
    const { user } = renderPanel();
    await screen.findByRole('heading', { level: 3, name: 'Sender 0' });
    expect(names()).toEqual(range(0, 19));
    const pages = screen.getByRole('navigation', { name: 'Messages pages' });
    expect(within(pages).getByText('Page 1')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 3, name: 'Sender 20' });
    expect(names()).toEqual(range(20, 39));
    expect(fetchMessagesPage).toHaveBeenLastCalledWith('unhandled', {
      seconds: Date.UTC(2026, 10, 1, 11, 41) / 1000,
      nanoseconds: 0,
      id: 'm019',
    });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 3, name: 'Sender 40' });
    expect(names()).toEqual(range(40, 44));
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 3, name: 'Sender 20' });
    expect(names()).toEqual(range(20, 39));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('shows no paging for a single page', async () => {
    resetContactMessages([buildMessage(0), buildMessage(1)]);
    renderPanel();
    await screen.findByRole('heading', { level: 3, name: 'Sender 0' });
    expect(screen.queryByRole('navigation', { name: 'Messages pages' })).not.toBeInTheDocument();
  });
});

describe('Messages panel filter', () => {
  const mixed = () => resetContactMessages([buildMessage(0), buildMessage(1, { handled: true }), buildMessage(2)]);

  it('shows unhandled messages by default, and all of them once chosen, keeping the choice in the URL', async () => {
    mixed();
    const { user } = renderPanel();
    await screen.findByRole('heading', { level: 3, name: 'Sender 0' });
    expect(names()).toEqual(['Sender 0', 'Sender 2']);
    expect(screen.getByRole('radio', { name: 'Unhandled' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByRole('heading', { level: 3, name: 'Sender 1' });
    expect(names()).toEqual(['Sender 0', 'Sender 1', 'Sender 2']);
    expect(screen.getByTestId('where')).toHaveTextContent('/admindashboard?panel=messages&filter=all');
    expect(within(screen.getByRole('article', { name: 'Sender 1' })).getByText('Handled')).toBeInTheDocument();
  });

  it('starts on the filter named in the URL, at its first page', async () => {
    mixed();
    renderPanel('?panel=messages&filter=all');
    await screen.findByRole('heading', { level: 3, name: 'Sender 1' });
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(fetchMessagesPage).toHaveBeenCalledWith('all', null);
  });
});

describe('Messages panel: handled', () => {
  it('marks a message handled: it leaves the unhandled list', async () => {
    resetContactMessages([buildMessage(0), buildMessage(1)]);
    const { user } = renderPanel();
    const card = await screen.findByRole('article', { name: 'Sender 0' });
    await user.click(within(card).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() => expect(names()).toEqual(['Sender 1']));
    expect(setMessageHandled).toHaveBeenCalledWith('m000', true);
  });

  it('marks a message handled and unhandled again under All', async () => {
    resetContactMessages([buildMessage(0)]);
    const { user } = renderPanel('?panel=messages&filter=all');
    const card = await screen.findByRole('article', { name: 'Sender 0' });
    await user.click(within(card).getByRole('button', { name: 'Mark handled' }));
    expect(await within(card).findByRole('button', { name: 'Mark unhandled' })).toBeEnabled();
    expect(within(card).getByText('Handled')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Mark unhandled' }));
    expect(await within(card).findByRole('button', { name: 'Mark handled' })).toBeEnabled();
    expect(setMessageHandled.mock.calls).toEqual([
      ['m000', true],
      ['m000', false],
    ]);
  });

  it('says so when the change could not be saved, and the message stays as it was', async () => {
    resetContactMessages([buildMessage(0)]);
    setMessageHandled.mockRejectedValueOnce({ code: 'unavailable', message: 'The store could not be reached.' });
    const { user } = renderPanel();
    const card = await screen.findByRole('article', { name: 'Sender 0' });
    await user.click(within(card).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The message could not be updated. Please try again.');
    expect(within(card).getByRole('button', { name: 'Mark handled' })).toBeEnabled();
  });
});
