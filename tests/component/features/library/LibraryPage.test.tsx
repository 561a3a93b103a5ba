import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LibraryAnswer } from '../../../../domain/library';
import { App } from '../../../../src/App';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const sameAnswer =
  'If this address is right, a 6-digit code and a sign-in link are on their way to it. They work for 10 minutes.';

function buildLibrary(overrides: Partial<LibraryAnswer> = {}): LibraryAnswer {
  return {
    email: 'ada@example.com',
    purchases: [
      {
        id: 'demo_B2',
        title: 'Poultry Farming Guide',
        coverImageUrl: null,
        paidAt: '2026-11-22T09:00:05.000Z',
        currency: 'NGN',
        amountPaid: 6750,
        listPrice: 7500,
        discountCode: 'SPRING',
        discountAmount: 750,
        refunded: 0,
        hasLicenseKey: false,
        hasCourse: false,
        state: 'active',
      },
      {
        id: 'paypal_A1',
        title: 'IELTS Guide',
        coverImageUrl: null,
        paidAt: '2026-10-01T12:00:00.000Z',
        currency: 'USD',
        amountPaid: 9,
        listPrice: 9,
        discountCode: null,
        discountAmount: 0,
        refunded: 9,
        hasLicenseKey: false,
        hasCourse: false,
        state: 'refunded',
      },
    ],
    ...overrides,
  };
}

/** The library API as a signed-out browser meets it, until the code is right. */
function libraryEndpoints({ rightCode = '123456', library = buildLibrary() } = {}) {
  let signedIn = false;
  const bodies: unknown[] = [];
  server.use(
    http.get('*/api/library/purchases', () =>
      signedIn
        ? HttpResponse.json(library)
        : HttpResponse.json({ message: 'Please sign in to see your library.' }, { status: 401 }),
    ),
    http.post('*/api/library/sign-in', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ message: sameAnswer });
    }),
    http.post('*/api/library/sign-in/code', async ({ request }) => {
      const body = (await request.json()) as { code: string };
      bodies.push(body);
      if (body.code !== rightCode) {
        return HttpResponse.json({ message: 'That code is not right. 4 tries left.' }, { status: 400 });
      }
      signedIn = true;
      return HttpResponse.json({ email: library.email });
    }),
    http.post('*/api/library/sign-out', () => {
      signedIn = false;
      return HttpResponse.json({ signedOut: true });
    }),
    // The seller's e-mails under the purchases: none yet (LibraryMailings.test.tsx reads them).
    http.get('*/api/library/mailings', () =>
      signedIn
        ? HttpResponse.json({ mailings: [], subscribed: true })
        : HttpResponse.json({ message: 'Please sign in to see your library.' }, { status: 401 }),
    ),
  );
  return bodies;
}

describe('/library', () => {
  it('asks a signed-out visitor for the address, then the code (focused), says a wrong code, and signs in', async () => {
    const bodies = libraryEndpoints();
    const { user } = renderWithProviders(<App />, { route: '/library' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your library' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Email'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(sameAnswer);
    const code = screen.getByLabelText('6-digit code from the e-mail');
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const list = await screen.findByRole('list', { name: 'Your purchases' });
    expect(bodies).toEqual([
      { email: 'ada@example.com' },
      { email: 'ada@example.com', code: '654321' },
      { email: 'ada@example.com', code: '123456' },
    ]);
    const [active, refunded] = within(list).getAllByRole('listitem');
    expect(active).toHaveTextContent('22 November 2026 · ₦6,750 (NGN) · ₦750 off with SPRING');
    expect(active).toHaveTextContent('Active');
    expect(within(active!).getByRole('button', { name: 'Open Poultry Farming Guide' })).toBeInTheDocument();
    expect(within(active!).getByRole('link', { name: 'Receipt (PDF) for Poultry Farming Guide' })).toHaveAttribute(
      'href',
      '/api/library/purchases/demo_B2/receipt',
    );
    expect(refunded).toHaveTextContent('$9 refunded');
    expect(refunded).toHaveTextContent('Refunded');
    expect(within(refunded!).queryByRole('button', { name: /^Open/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
  });

  it("says 'Too many attempts today; try again tomorrow.' in words, for a code and for asking again", async () => {
    const dailyBudget = 'Too many attempts today; try again tomorrow.';
    libraryEndpoints();
    server.use(
      http.post('*/api/library/sign-in/code', () => HttpResponse.json({ message: dailyBudget }, { status: 429 })),
    );
    const { user } = renderWithProviders(<App />, { route: '/library' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code from the e-mail'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dailyBudget);

    server.use(http.post('*/api/library/sign-in', () => HttpResponse.json({ message: dailyBudget }, { status: 429 })));
    await user.click(screen.getByRole('button', { name: 'Use another address or get a new code' }));
    await user.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(dailyBudget);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('says when only a link was mailed, asks for no code, and lets the visitor use another address', async () => {
    const linkOnly =
      'Too many wrong codes were typed for this address today, so there is no code this time. If this address is right, a sign-in link is on its way to it instead: open it within 10 minutes to sign in.';
    libraryEndpoints();
    server.use(http.post('*/api/library/sign-in', () => HttpResponse.json({ message: linkOnly, linkOnly: true })));
    const { user } = renderWithProviders(<App />, { route: '/library' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(linkOnly);
    expect(screen.queryByLabelText('6-digit code from the e-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    const again = screen.getByRole('button', { name: 'Use another address' });
    await waitFor(() => expect(again).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows a payment on its way as awaiting payment, with neither Open nor a receipt', async () => {
    const awaiting = {
      id: 'c0ffee0000000000beef',
      title: 'Transfer Guide',
      coverImageUrl: null,
      paidAt: '2026-11-25T08:30:00.000Z',
      currency: 'NGN' as const,
      amountPaid: 7500,
      listPrice: 7500,
      discountCode: null,
      discountAmount: 0,
      refunded: 0,
      hasLicenseKey: false,
      hasCourse: false,
      state: 'awaiting' as const,
    };
    libraryEndpoints({ library: buildLibrary({ purchases: [awaiting] }) });
    const { user } = renderWithProviders(<App />, { route: '/library' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const list = await screen.findByRole('list', { name: 'Your purchases' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('25 November 2026 · ₦7,500 (NGN)');
    expect(item).toHaveTextContent('Awaiting payment');
    expect(within(item!).queryByRole('button', { name: /^Open/ })).toBeNull();
    expect(within(item!).queryByRole('link', { name: /^Receipt/ })).toBeNull();
  });

  it("offers 'Start the course' only for an active purchase with lessons, and says the API's refusal", async () => {
    const [guide, refunded] = buildLibrary().purchases;
    const course = { ...guide!, id: 'demo_C3', title: 'React Web Development Bootcamp', hasCourse: true };
    const endedCourse = { ...refunded!, hasCourse: true };
    libraryEndpoints({ library: buildLibrary({ purchases: [course, guide!, endedCourse] }) });
    const pressed: string[] = [];
    server.use(
      http.post('*/api/library/purchases/:id/course', ({ params }) => {
        pressed.push(String(params.id));
        return HttpResponse.json({ message: 'This purchase has no course to start.' }, { status: 404 });
      }),
    );
    const { user } = renderWithProviders(<App />, { route: '/library' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const list = await screen.findByRole('list', { name: 'Your purchases' });
    const [courseItem, guideItem, endedItem] = within(list).getAllByRole('listitem');
    const start = within(courseItem!).getByRole('button', { name: 'Start the course: React Web Development Bootcamp' });
    expect(start).toHaveTextContent('Start the course');
    expect(
      within(courseItem!).getByRole('button', { name: 'Open React Web Development Bootcamp' }),
    ).toBeInTheDocument();
    expect(within(guideItem!).queryByRole('button', { name: /^Start the course/ })).toBeNull();
    expect(within(endedItem!).queryByRole('button', { name: /^Start the course/ })).toBeNull();
    await user.click(start);
    expect(await within(courseItem!).findByRole('alert')).toHaveTextContent('This purchase has no course to start.');
    expect(pressed).toEqual(['demo_C3']);
  });

  it('says so when the address has no purchases, and is linked from the footer', async () => {
    libraryEndpoints({ library: buildLibrary({ purchases: [] }) });
    const { user } = renderWithProviders(<App />, { route: '/library' });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('No purchases were made with this address yet.')).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Your library' })).toHaveAttribute('href', '/library');
  });
});

describe('/library?signin= (the e-mail’s one-click link)', () => {
  it('signs in with the link once, takes it out of the address bar, and shows the library', async () => {
    const links: unknown[] = [];
    let signedIn = false;
    server.use(
      http.get('*/api/library/purchases', () =>
        signedIn
          ? HttpResponse.json(buildLibrary())
          : HttpResponse.json({ message: 'Please sign in to see your library.' }, { status: 401 }),
      ),
      http.post('*/api/library/sign-in/link', async ({ request }) => {
        links.push(await request.json());
        signedIn = true;
        return HttpResponse.json({ email: 'ada@example.com' });
      }),
    );
    renderWithProviders(<App />, { route: `/library?signin=${'a'.repeat(64)}.${'T'.repeat(43)}` });
    expect(await screen.findByRole('list', { name: 'Your purchases' })).toBeInTheDocument();
    expect(links).toEqual([{ link: `${'a'.repeat(64)}.${'T'.repeat(43)}` }]);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('says a used or expired link in words and offers the code form', async () => {
    server.use(
      http.get('*/api/library/purchases', () =>
        HttpResponse.json({ message: 'Please sign in to see your library.' }, { status: 401 }),
      ),
      http.post('*/api/library/sign-in/link', () =>
        HttpResponse.json(
          { message: 'This code has expired or has already been used. Please ask for a new one.' },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<App />, { route: '/library?signin=used' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code has expired or has already been used. Please ask for a new one.',
    );
    expect(await screen.findByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
  });
});
