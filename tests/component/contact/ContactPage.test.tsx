import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ContactPage } from '../../../src/features/contact/components/ContactPage';
import { server } from '../../support/msw';
import { renderWithProviders } from '../../support/renderWithProviders';

// The component project leaves VITE_CONTACT_URL unset, so the page posts to same-origin /api/contact.
const contactUrl = '*/api/contact';

const failureInline = 'Something went wrong. Please try again.';
const sentInline = 'Your message has been sent. We will get back to you shortly.';

function buildMessage(overrides: Partial<Record<'name' | 'email' | 'phone' | 'message', string>> = {}) {
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '+234 803 123 4567',
    message: 'I paid for the ebook but the e-mail has not arrived.',
    ...overrides,
  };
}

/** Records each JSON body posted to the contact endpoint and answers with `respond`. */
function contactEndpoint(respond: () => Response | Promise<Response>) {
  const received: unknown[] = [];
  server.use(
    http.post(contactUrl, async ({ request }) => {
      received.push(await request.json());
      return respond();
    }),
  );
  return received;
}

function fields() {
  return {
    name: screen.getByLabelText('Your Name'),
    email: screen.getByLabelText('Your Email'),
    phone: screen.getByLabelText('Your Phone Number'),
    message: screen.getByLabelText('Your Message'),
  };
}

async function fillForm(user: UserEvent, message = buildMessage()) {
  const inputs = fields();
  for (const field of ['name', 'email', 'phone', 'message'] as const) {
    if (message[field]) await user.type(inputs[field], message[field]);
  }
}

function sendButton() {
  return screen.getByRole('button', { name: /send message|sending/i });
}

/** One message per send: the inline one, and no dialog over the page (sweetalert2 would hide it). */
function expectNoDialog() {
  expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
}

function renderContactPage() {
  return renderWithProviders(<ContactPage />, { route: '/contactus' });
}

describe('contact page', () => {
  it('shows the four labelled fields, the button and the seller contact details', () => {
    renderContactPage();
    const { name, email, phone, message } = fields();
    expect(name).toHaveAttribute('type', 'text');
    expect(email).toHaveAttribute('type', 'email');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(message.tagName).toBe('TEXTAREA');
    for (const field of [name, email, phone, message]) expect(field).toBeRequired();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();

    expect(screen.getByRole('link', { name: '+234 800 000 0000' })).toHaveAttribute('href', 'tel:+2348000000000');
    expect(screen.getByRole('link', { name: 'hello@digitalstore.test' })).toHaveAttribute(
      'href',
      'mailto:hello@digitalstore.test',
    );
    // Below the form, where the contact page shows them (docs/storefront.md).
    const { form } = screen.getByRole<HTMLButtonElement>('button', { name: 'Send Message' });
    const phoneLink = screen.getByRole('link', { name: '+234 800 000 0000' });
    expect(form?.compareDocumentPosition(phoneLink)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('sets the document title over the one index.html ships', async () => {
    const shipped = document.createElement('title');
    shipped.textContent = 'Digital Store';
    document.head.append(shipped);
    renderContactPage();
    await waitFor(() => expect(document.title).toBe('Contact us | Digital Store'));
  });

  it('sends nothing while a field is empty', async () => {
    const received = contactEndpoint(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const { user } = renderContactPage();
    await fillForm(user, buildMessage({ phone: '' }));
    await user.click(sendButton());
    expect(fields().phone).toBeInvalid();
    expect(received).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says 'Please enter your name.' when the name is only spaces", async () => {
    const received = contactEndpoint(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const { user } = renderContactPage();
    await fillForm(user, buildMessage({ name: '   ' }));
    await user.click(sendButton());
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
    expect(fields().name).toHaveAccessibleDescription('Please enter your name.');
    expect(fields().name).toHaveAttribute('aria-invalid', 'true');
    expect(received).toEqual([]);

    await user.type(fields().name, 'Ada');
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
  });

  it('posts the message, confirms it inline only, and clears the form', async () => {
    const received = contactEndpoint(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const { user } = renderContactPage();
    await fillForm(user);
    await user.click(sendButton());

    expect(await screen.findByText(sentInline)).toHaveAttribute('role', 'status');
    expect(received).toEqual([buildMessage()]);
    for (const field of Object.values(fields())) expect(field).toHaveValue('');
    expect(screen.queryByText(failureInline)).not.toBeInTheDocument();
    expect(screen.queryByText('Message sent!')).not.toBeInTheDocument();
    expectNoDialog();
  });

  it('disables the button and says it is sending while the request is under way', async () => {
    let answer: (response: Response) => void = () => {};
    contactEndpoint(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderContactPage();
    await fillForm(user);
    await user.click(sendButton());

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    answer(HttpResponse.json({ ok: true }, { status: 201 }));
    expect(await screen.findByText(sentInline)).toBeInTheDocument();
    expect(sendButton()).toHaveTextContent('Send Message');
    expect(sendButton()).toBeEnabled();
  });

  it.each([
    {
      when: 'the server fails',
      respond: () => HttpResponse.json({ message: 'Firestore said no' }, { status: 500 }),
    },
    { when: 'the server answers without a body', respond: () => new HttpResponse(null, { status: 502 }) },
    { when: 'the network fails', respond: () => HttpResponse.error() },
  ])(
    "shows 'Something went wrong. Please try again.' inline only and keeps everything typed when $when",
    async ({ respond }) => {
      contactEndpoint(respond);
      const { user } = renderContactPage();
      await fillForm(user);
      await user.click(sendButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(failureInline);
      expect(screen.queryByText('Failed to send message. Please try again.')).not.toBeInTheDocument();
      expectNoDialog();
      expect(screen.queryByText('Firestore said no')).not.toBeInTheDocument();
      expect(screen.queryByText(/has been sent/)).not.toBeInTheDocument();
      const typed = buildMessage();
      expect(fields().name).toHaveValue(typed.name);
      expect(fields().email).toHaveValue(typed.email);
      expect(fields().phone).toHaveValue(typed.phone);
      expect(fields().message).toHaveValue(typed.message);
      expect(sendButton()).toBeEnabled();
    },
  );

  it('refuses a phone number without digits in the browser, with the API’s own sentence, and sends nothing', async () => {
    const received = contactEndpoint(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const { user } = renderContactPage();
    await fillForm(user, buildMessage({ phone: '+-+' }));
    await user.click(sendButton());

    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
    expect(fields().phone).toHaveAttribute('aria-invalid', 'true');
    expect(fields().phone).toHaveValue('+-+');
    expect(received).toEqual([]);
  });

  it.each([
    // A right-to-left override makes 'Ada gnp.exe' read as 'Ada exe.png'.
    [
      'a right-to-left override',
      'Ada \u202Egnp.exe',
      'Your Name contains invisible or control characters that are not allowed. Please retype it.',
    ],
    [
      'a zero-width space',
      'Ad\u200Ba Obi',
      'Your Name contains invisible or control characters that are not allowed. Please retype it.',
    ],
    // An <input> drops CR and LF itself; U+2028 is the line break it keeps.
    ['a line separator', 'Ada\u2028Bcc: evil@example.com', 'Your name must be on a single line.'],
  ])(
    'refuses a name with %s with the rule’s sentence, keeps what was typed and sends nothing',
    async (_label, name, sentence) => {
      const received = contactEndpoint(() => HttpResponse.json({ ok: true }, { status: 201 }));
      const { user } = renderContactPage();
      await fillForm(user, buildMessage({ name: 'x' }));
      await user.clear(fields().name);
      fields().name.focus();
      await user.paste(name);
      await user.click(sendButton());

      expect(await screen.findByText(sentence)).toBeInTheDocument();
      expect(fields().name).toHaveAccessibleDescription(sentence);
      expect(fields().name).toHaveAttribute('aria-invalid', 'true');
      expect(fields().name).toHaveValue(name);
      expect(fields().message).toHaveValue(buildMessage().message);
      expect(received).toEqual([]);
    },
  );

  it('shows the reason the server gives for refusing the message', async () => {
    // The browser and the API share their rules; a refusal can still come from an API that changed.
    contactEndpoint(() =>
      HttpResponse.json({ message: 'Please enter a valid phone number.', field: 'phone' }, { status: 400 }),
    );
    const { user } = renderContactPage();
    await fillForm(user, buildMessage({ phone: '0803 000 0000' }));
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid phone number.');
    expect(fields().phone).toHaveValue('0803 000 0000');
    expectNoDialog();
  });

  it('sends again after a failure once the visitor retries', async () => {
    let fail = true;
    const received = contactEndpoint(() =>
      fail ? HttpResponse.error() : HttpResponse.json({ ok: true }, { status: 201 }),
    );
    const { user } = renderContactPage();
    await fillForm(user);
    await user.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(failureInline);

    fail = false;
    await user.click(sendButton());
    expect(await screen.findByText(sentInline)).toBeInTheDocument();
    expect(received).toEqual([buildMessage(), buildMessage()]);
    expect(screen.queryByText(failureInline)).not.toBeInTheDocument();
    expectNoDialog();
  });
});
