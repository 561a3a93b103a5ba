// The dashboard's E-mails view (docs/emails.md): the admin's mailing routes stubbed with msw, the products
// and the admin's ID token from the mocked Firebase boundary.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MailingsPanel } from '../../../../../src/features/admin/mailings/MailingsPanel';
import { pressInAlert } from '../../../../support/adminScreens';
import { setupAlerts } from '../../../../support/alerts';
import { resetCatalogQueries } from '../../../../support/catalogQueries.mock';
import { buildProduct } from '../../../../support/factories';
import { server } from '../../../../support/msw';
import { fetchCategoryProducts, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);
vi.mock(
  '../../../../../src/features/catalog/api/catalogQueries',
  () => import('../../../../support/catalogQueries.mock'),
);

setupAlerts();

const writing = buildProduct({ id: 'freelance-writing', title: 'Freelance Writing', categoryId: 1 });
const excel = buildProduct({ id: 'excel-mastery', title: 'Excel Mastery', categoryId: 2 });

const sentRow = {
  id: 'm'.repeat(20),
  subject: 'Chapter 9 is out',
  audience: { boughtAny: ['freelance-writing'], notBought: [], from: null, to: null, currency: 'NGN' },
  status: 'sent',
  scheduledAt: '2026-11-20T09:00:00.000Z',
  startedAt: '2026-11-20T09:00:30.000Z',
  finishedAt: '2026-11-20T09:02:00.000Z',
  counts: { recipients: 12, sent: 10, failed: 1, skipped: 1, unsubscribed: 2 },
};

type Call = { method: string; path: string; body: unknown };

function mailingEndpoints({ refuseSave }: { refuseSave?: string } = {}) {
  const calls: Call[] = [];
  const mailings: unknown[] = [sentRow];
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined });
  };
  server.use(
    http.get('*/api/admin/mailings', () => HttpResponse.json({ mailings })),
    http.post('*/api/admin/mailings/count', async ({ request }) => {
      const { audience } = (await request.clone().json()) as { audience: { boughtAny: string[] } };
      await record(request, 'count');
      return HttpResponse.json({ recipients: audience.boughtAny.length > 0 ? 3 : 41 });
    }),
    http.post('*/api/admin/mailings', async ({ request }) => {
      await record(request, 'create');
      if (refuseSave) return HttpResponse.json({ message: refuseSave }, { status: 400 });
      return HttpResponse.json({ id: 'a'.repeat(20) }, { status: 201 });
    }),
    http.put('*/api/admin/mailings/:id', async ({ request, params }) => {
      await record(request, `update ${String(params.id)}`);
      return HttpResponse.json({ id: params.id });
    }),
    http.post('*/api/admin/mailings/:id/test', async ({ request, params }) => {
      await record(request, `test ${String(params.id)}`);
      return HttpResponse.json({ message: 'A test copy was sent to your e-mail address.' });
    }),
    http.post('*/api/admin/mailings/:id/send', async ({ request, params }) => {
      await record(request, `send ${String(params.id)}`);
      mailings.unshift({
        ...sentRow,
        id: params.id,
        subject: 'New templates',
        status: 'scheduled',
        finishedAt: null,
        startedAt: null,
        audience: { boughtAny: ['excel-mastery'], notBought: [], from: null, to: null, currency: null },
      });
      return HttpResponse.json({ id: params.id, status: 'scheduled' });
    }),
    http.post('*/api/admin/courses/preview', async ({ request }) => {
      const { markdown } = (await request.json()) as { markdown: string };
      return HttpResponse.json({ html: markdown.startsWith('# ') ? `<h1>${markdown.slice(2)}</h1>` : '<p>?</p>' });
    }),
  );
  return {
    calls: () => calls.filter((call) => call.path !== 'count'),
    counts: () => calls.filter((c) => c.path === 'count'),
  };
}

beforeEach(() => {
  resetProductAdminQueries();
  resetCatalogQueries();
  fetchCategoryProducts.mockImplementation((categoryId) =>
    Promise.resolve([writing, excel].filter((product) => product.categoryId === categoryId)),
  );
});

describe('the E-mails view', () => {
  it('lists the sent e-mails with their audience, time and counts', async () => {
    mailingEndpoints();
    renderWithProviders(<MailingsPanel />);
    expect(
      await screen.findByText('Chapter 9 is out · Sent, finished 20 Nov 2026, 10:02 (Lagos time)'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Bought Freelance Writing · paid in NGN')).toBeInTheDocument();
    expect(
      screen.getByText('12 recipients · 10 sent · 1 failed · 1 skipped · 2 unsubscribed since'),
    ).toBeInTheDocument();
  });

  it('counts the audience as it is chosen, previews the body, saves the draft and sends a test', async () => {
    const endpoints = mailingEndpoints();
    const { user } = renderWithProviders(<MailingsPanel />);
    expect(await screen.findByText('This e-mail would go to 41 buyers.')).toBeInTheDocument();
    const bought = screen.getByRole('group', { name: 'Bought any of these products' });
    await user.click(await within(bought).findByRole('checkbox', { name: 'Freelance Writing' }));
    expect(await screen.findByText('This e-mail would go to 3 buyers.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Paid in'), 'NGN');

    await user.type(screen.getByLabelText('Subject'), 'Chapter 10 is out');
    await user.type(screen.getByLabelText('E-mail (Markdown)'), '# Hello writers');
    const preview = await screen.findByRole('heading', { level: 1, name: 'Hello writers' });
    expect(preview).toBeInTheDocument();
    // Under the view's h2, the preview's heading is an h3 (the page's outline has no gap).
    expect(screen.getByRole('heading', { level: 3, name: 'Preview' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved: “Chapter 10 is out”.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByText('A test copy was sent to your e-mail address.')).toBeInTheDocument();

    const audience = {
      boughtAny: ['freelance-writing'],
      notBought: [],
      from: null,
      to: null,
      currency: 'NGN',
      activeMembers: false,
    };
    const draft = { subject: 'Chapter 10 is out', body: '# Hello writers', audience };
    const id = 'a'.repeat(20);
    expect(endpoints.calls()).toEqual([
      { method: 'POST', path: 'create', body: draft },
      { method: 'PUT', path: `update ${id}`, body: draft },
      { method: 'POST', path: `test ${id}`, body: {} },
    ]);
    expect(endpoints.counts().at(-1)?.body).toEqual({ audience });
  });

  it('sends now after the admin confirms the count, and the list shows the new e-mail', async () => {
    const endpoints = mailingEndpoints();
    const { user } = renderWithProviders(<MailingsPanel />);
    const bought = screen.getByRole('group', { name: 'Bought any of these products' });
    await user.click(await within(bought).findByRole('checkbox', { name: 'Excel Mastery' }));
    expect(await screen.findByText('This e-mail would go to 3 buyers.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'New templates');
    await user.type(screen.getByLabelText('E-mail (Markdown)'), 'Two new sheets.');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Send to 3 buyers now?');
    await pressInAlert(user, 'Yes, send it');
    expect(await screen.findByText('“New templates” is being sent to 3 buyers.')).toBeInTheDocument();
    expect(await screen.findByText(/^New templates · Scheduled, due 20 Nov 2026, 10:00/)).toBeInTheDocument();
    expect(screen.getByText('Bought Excel Mastery')).toBeInTheDocument();
    // The form is empty again for the next e-mail.
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    const id = 'a'.repeat(20);
    expect(endpoints.calls().map((call) => `${call.method} ${call.path}`)).toEqual(['POST create', `POST send ${id}`]);
    expect(endpoints.calls()[1]?.body).toEqual({});
  });

  it('schedules at a Lagos time', async () => {
    const endpoints = mailingEndpoints();
    const { user } = renderWithProviders(<MailingsPanel />);
    expect(await screen.findByText('This e-mail would go to 41 buyers.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'Black Friday');
    await user.type(screen.getByLabelText('E-mail (Markdown)'), 'Half price.');
    await user.type(screen.getByLabelText('Send at (Lagos time)'), '2030-11-28T08:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Send to 41 buyers at 2030-11-28 08:30 (Lagos time)?');
    await pressInAlert(user, 'Yes, schedule it');
    expect(
      await screen.findByText('“Black Friday” will be sent at 2030-11-28 08:30 (Lagos time).'),
    ).toBeInTheDocument();
    expect(endpoints.calls().at(-1)).toEqual({
      method: 'POST',
      path: `send ${'a'.repeat(20)}`,
      body: { at: '2030-11-28T08:30' },
    });
  });

  it('offers members whose membership is active once the store sells a membership, and counts them', async () => {
    const endpoints = mailingEndpoints();
    const { user, unmount } = renderWithProviders(<MailingsPanel />);
    expect(await screen.findByText('This e-mail would go to 41 buyers.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Only members whose membership is active' })).toBeNull();
    unmount();

    const signals = buildProduct({
      id: 'signals-group',
      title: 'Signals Group',
      categoryId: 1,
      pricing: { kind: 'membership', interval: 'monthly' },
    });
    fetchCategoryProducts.mockImplementation((categoryId) =>
      Promise.resolve([writing, excel, signals].filter((product) => product.categoryId === categoryId)),
    );
    server.use(
      http.post('*/api/admin/mailings/count', async ({ request }) => {
        const { audience } = (await request.json()) as { audience: { activeMembers: boolean } };
        return HttpResponse.json({ recipients: audience.activeMembers ? 7 : 41 });
      }),
    );
    renderWithProviders(<MailingsPanel />);
    const members = await screen.findByRole('checkbox', { name: 'Only members whose membership is active' });
    expect(members).toHaveAccessibleDescription(
      'Members whose access is open today: a cancelled membership counts until its paid period ends.',
    );
    members.focus();
    await user.keyboard(' ');
    expect(members).toBeChecked();
    expect(await screen.findByText('This e-mail would go to 7 buyers.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'Live call');
    await user.type(screen.getByLabelText('E-mail (Markdown)'), 'Friday at 8.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved: “Live call”.')).toBeInTheDocument();
    expect(endpoints.calls()).toEqual([
      {
        method: 'POST',
        path: 'create',
        body: {
          subject: 'Live call',
          body: 'Friday at 8.',
          audience: { boughtAny: [], notBought: [], from: null, to: null, currency: null, activeMembers: true },
        },
      },
    ]);
  });

  it('names the members filter in the sent e-mails’ list', async () => {
    mailingEndpoints();
    server.use(
      http.get('*/api/admin/mailings', () =>
        HttpResponse.json({
          mailings: [{ ...sentRow, audience: { ...sentRow.audience, currency: null, activeMembers: true } }],
        }),
      ),
    );
    renderWithProviders(<MailingsPanel />);
    expect(
      await screen.findByText('Bought Freelance Writing · members whose membership is active'),
    ).toBeInTheDocument();
  });

  it('reopens a scheduled e-mail from the list into the form, and saves it as a draft again', async () => {
    const scheduledId = 's'.repeat(20);
    const scheduledRow = {
      ...sentRow,
      id: scheduledId,
      subject: 'Black Friday',
      status: 'scheduled',
      scheduledAt: '2030-11-28T07:30:00.000Z',
      startedAt: null,
      finishedAt: null,
      audience: {
        boughtAny: ['excel-mastery'],
        notBought: [],
        from: null,
        to: null,
        currency: 'USD',
        activeMembers: false,
      },
      counts: { recipients: 0, sent: 0, failed: 0, skipped: 0, unsubscribed: 0 },
    };
    const endpoints = mailingEndpoints();
    server.use(
      http.get('*/api/admin/mailings', () => HttpResponse.json({ mailings: [scheduledRow, sentRow] })),
      http.get('*/api/admin/mailings/:id', ({ params }) =>
        params.id === scheduledId
          ? HttpResponse.json({ mailing: { ...scheduledRow, body: 'Half price on **every** sheet.' } })
          : HttpResponse.json({ message: 'This e-mail could not be found.' }, { status: 404 }),
      ),
    );
    const { user } = renderWithProviders(<MailingsPanel />);
    // A sent e-mail cannot be reopened.
    expect(await screen.findByText(/^Chapter 9 is out · Sent/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit “Chapter 9 is out”' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Edit “Black Friday”' }));

    expect(
      await screen.findByText(
        'Editing “Black Friday”, due 2030-11-28 08:30 (Lagos time). Saving it makes it a draft again until you send or schedule it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('Black Friday');
    expect(screen.getByLabelText('Subject')).toHaveFocus();
    expect(screen.getByLabelText('E-mail (Markdown)')).toHaveValue('Half price on **every** sheet.');
    expect(screen.getByLabelText('Send at (Lagos time)')).toHaveValue('2030-11-28T08:30');
    expect(screen.getByLabelText('Paid in')).toHaveValue('USD');
    const bought = screen.getByRole('group', { name: 'Bought any of these products' });
    expect(within(bought).getByRole('checkbox', { name: 'Excel Mastery' })).toBeChecked();
    expect(within(bought).getByRole('checkbox', { name: 'Freelance Writing' })).not.toBeChecked();

    await user.clear(screen.getByLabelText('Subject'));
    await user.type(screen.getByLabelText('Subject'), 'Black Friday weekend');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft saved: “Black Friday weekend”.')).toBeInTheDocument();
    expect(endpoints.calls()).toEqual([
      {
        method: 'PUT',
        path: `update ${scheduledId}`,
        body: {
          subject: 'Black Friday weekend',
          body: 'Half price on **every** sheet.',
          audience: scheduledRow.audience,
        },
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Start a new e-mail' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('E-mail (Markdown)')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Start a new e-mail' })).toBeNull();
  });

  it('says in words when an e-mail to reopen is gone', async () => {
    const draftRow = { ...sentRow, id: 'd'.repeat(20), subject: 'Old idea', status: 'draft', scheduledAt: null };
    mailingEndpoints();
    server.use(
      http.get('*/api/admin/mailings', () => HttpResponse.json({ mailings: [draftRow] })),
      http.get('*/api/admin/mailings/:id', () =>
        HttpResponse.json({ message: 'This e-mail could not be found.' }, { status: 404 }),
      ),
    );
    const { user } = renderWithProviders(<MailingsPanel />);
    const edit = await screen.findByRole('button', { name: 'Edit “Old idea”' });
    edit.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail could not be opened. This e-mail could not be found.',
    );
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('says in words why an audience cannot be counted', async () => {
    mailingEndpoints();
    server.use(
      http.post('*/api/admin/mailings/count', async ({ request }) => {
        const { audience } = (await request.json()) as { audience: { from: string | null } };
        return audience.from
          ? HttpResponse.json({ message: 'The first date must not be after the last one.' }, { status: 400 })
          : HttpResponse.json({ recipients: 41 });
      }),
    );
    const { user } = renderWithProviders(<MailingsPanel />);
    expect(await screen.findByText('This e-mail would go to 41 buyers.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bought from (Lagos day)'), '2026-11-20');
    expect(
      await screen.findByText('The buyers could not be counted. The first date must not be after the last one.'),
    ).toBeInTheDocument();
  });

  it('shows the API’s refusal in words and sends nothing', async () => {
    const endpoints = mailingEndpoints({ refuseSave: 'Write a subject.' });
    const { user } = renderWithProviders(<MailingsPanel />);
    await user.click(screen.getByRole('button', { name: 'Send me a test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail was not saved. Write a subject.');
    await waitFor(() => expect(endpoints.calls().map((call) => call.path)).toEqual(['create']));
  });
});
