// lib/alerts against the real sweetalert2 in jsdom: the order of dialogs, and a loading dialog
// closed before it could open never appearing over content that is already there.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { asyncHandler, closeAlert, confirmAction, showLoading } from '../../../src/lib/alerts';
import { recordDialogs, setupAlerts } from '../../support/alerts';

setupAlerts();

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('loading dialogs', () => {
  it('shows Please wait... until it is closed', async () => {
    await showLoading('Please wait...');
    expect(await screen.findByRole('dialog', { name: 'Please wait...' })).toBeTruthy();
    await closeAlert();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('never opens a loading dialog that was closed before its turn came', async () => {
    const dialogs = recordDialogs();
    const shown = showLoading('Please wait...');
    const closed = closeAlert();
    await Promise.all([shown, closed]);
    await pause(200);
    dialogs.stop();
    expect(dialogs.appeared).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still opens a loading dialog asked for after the close', async () => {
    void showLoading('Please wait...');
    void closeAlert();
    await showLoading('Searching products...');
    expect(await screen.findByRole('dialog', { name: 'Searching products...' })).toBeTruthy();
    expect(screen.queryByText('Please wait...')).toBeNull();
  });
});

describe('asyncHandler', () => {
  it("runs the action with the event handler's arguments and shows nothing when it succeeds", async () => {
    const received: string[] = [];
    const handler = asyncHandler(async (value: string) => {
      await pause(10);
      received.push(value);
    });
    handler('submitted');
    await waitFor(() => expect(received).toEqual(['submitted']));
    await pause(200);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the generic error when the action fails in a way it did not handle itself', async () => {
    const handler = asyncHandler(async () => {
      await pause(10);
      throw new Error('not handled');
    });
    handler();
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Something went wrong. Please try again.');
  });
});

describe('the focus after a dialog', () => {
  it('is back on what had it when the answer arrives, and stays where the page moves it next', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Revoke access';
    const next = document.createElement('button');
    next.textContent = 'Restore access';
    document.body.append(opener, next);
    opener.focus();
    const user = userEvent.setup();

    const answer = confirmAction('Revoke access?', 'The link stops working.', 'Yes, revoke');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
    expect(await answer).toBe(true);
    expect(opener).toHaveFocus();

    // What the page does next (a menu opened by keyboard) keeps the focus: the closing dialog does not
    // take it back once its animation is over.
    next.focus();
    await pause(300);
    expect(next).toHaveFocus();
    opener.remove();
    next.remove();
  });
});
