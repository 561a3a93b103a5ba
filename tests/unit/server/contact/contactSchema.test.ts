import { describe, expect, it } from 'vitest';
import { parseContactMessage } from '../../../../server/contact/contactSchema';

function buildMessage(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '+234 (803) 123-4567',
    message: 'Hello, I paid for the ebook but have not received it.',
    ...overrides,
  };
}

function errorFor(overrides: Record<string, unknown>) {
  const result = parseContactMessage(buildMessage(overrides));
  if (result.ok) throw new Error(`expected ${JSON.stringify(overrides)} to be rejected`);
  return { field: result.field, error: result.error };
}

describe('parseContactMessage', () => {
  it('accepts a complete message', () => {
    expect(parseContactMessage(buildMessage())).toEqual({ ok: true, message: buildMessage() });
  });

  it('trims every field', () => {
    const result = parseContactMessage({
      name: '  Ada Obi \n',
      email: ' ada@example.com ',
      phone: ' 08031234567 ',
      message: '\n  Hello\nthere  \n',
    });
    expect(result).toEqual({
      ok: true,
      message: { name: 'Ada Obi', email: 'ada@example.com', phone: '08031234567', message: 'Hello\nthere' },
    });
  });

  it('drops fields it does not know', () => {
    const result = parseContactMessage(buildMessage({ admin: true, createdAt: 'yesterday' }));
    expect(result).toEqual({ ok: true, message: buildMessage() });
  });

  it('keeps line breaks inside the message', () => {
    const result = parseContactMessage(buildMessage({ message: 'line one\r\nline two' }));
    expect(result.ok && result.message.message).toBe('line one\r\nline two');
  });

  it.each([
    ['name', undefined, 'Please enter your name.'],
    ['name', '   ', 'Please enter your name.'],
    ['name', 42, 'Please enter your name.'],
    ['name', 'x'.repeat(101), 'Your name must be at most 100 characters.'],
    ['email', undefined, 'Please enter your email address.'],
    ['email', '', 'Please enter your email address.'],
    ['email', 'ada@', 'Please enter a valid email address.'],
    ['email', 'ada example.com', 'Please enter a valid email address.'],
    ['email', `${'a'.repeat(245)}@example.com`, 'Please enter a valid email address.'],
    ['phone', undefined, 'Please enter your phone number.'],
    ['phone', ' ', 'Please enter your phone number.'],
    ['phone', '12', 'Please enter a valid phone number.'],
    ['phone', '1'.repeat(31), 'Please enter a valid phone number.'],
    ['phone', '0803-CALL-ME', 'Please enter a valid phone number.'],
    ['phone', '(+) -', 'Please enter a valid phone number.'],
    ['message', undefined, 'Please enter your message.'],
    ['message', ' \n ', 'Please enter your message.'],
    ['message', 'x'.repeat(5001), 'Your message must be at most 5000 characters.'],
  ])('rejects %s = %j with "%s"', (field, value, expected) => {
    expect(errorFor({ [field]: value })).toEqual({ field, error: expected });
  });

  it('accepts the longest allowed values', () => {
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    const result = parseContactMessage(
      buildMessage({ name: 'n'.repeat(100), email, phone: '1'.repeat(30), message: 'm'.repeat(5000) }),
    );
    expect(result.ok).toBe(true);
  });

  it.each([
    ['name', 'Ada\r\nBcc: victim@example.com', 'Your name must be on a single line.'],
    ['name', 'Ada\nObi', 'Your name must be on a single line.'],
    ['name', 'Ada\rObi', 'Your name must be on a single line.'],
    ['email', 'ada@example.com\r\nBcc: victim@example.com', 'Please enter a valid email address.'],
    ['phone', '0803\n1234567', 'Please enter a valid phone number.'],
  ])('rejects a line break inside the %s (header injection)', (field, value, expected) => {
    expect(errorFor({ [field]: value })).toEqual({ field, error: expected });
  });

  it('names the first wrong field in the form order', () => {
    expect(errorFor({ name: '', phone: '' })).toEqual({ field: 'name', error: 'Please enter your name.' });
    expect(errorFor({ message: '', email: 'nope' })).toEqual({
      field: 'email',
      error: 'Please enter a valid email address.',
    });
  });

  it.each([[undefined], [null], ['text'], [[buildMessage()]]])('rejects a body that is not an object (%j)', (body) => {
    const result = parseContactMessage(body);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/JSON object/);
  });
});

describe('invisible and control characters', () => {
  const hostile: Array<[string, string]> = [
    ['right-to-left override', 'Ada \u202eObi'],
    ['left-to-right embedding', '\u202aAda'],
    ['pop directional formatting', 'Ada\u202c'],
    ['first strong isolate', 'Ada \u2068Obi\u2069'],
    ['right-to-left mark', 'Ada\u200f Obi'],
    ['left-to-right mark', '\u200eAda'],
    ['NUL', 'Ada\u0000Obi'],
    ['escape', 'Ada\u001b[31mObi'],
    ['tab inside', 'Ada\tObi'],
    ['C1 next line', 'Ada\u0085Obi'],
    ['DEL', 'Ada\u007fObi'],
  ];

  it.each(hostile)('refuses a %s in the name with a clear message', (_what, name) => {
    expect(errorFor({ name })).toEqual({
      field: 'name',
      error: 'Your Name contains invisible or control characters that are not allowed. Please retype it.',
    });
  });

  it('refuses them in the e-mail and phone fields too', () => {
    expect(errorFor({ email: 'ada\u202e@example.com' })).toEqual({
      field: 'email',
      error: 'Your Email contains invisible or control characters that are not allowed. Please retype it.',
    });
    expect(errorFor({ phone: '0803\u2066123\u20694567' })).toEqual({
      field: 'phone',
      error: 'Your Phone Number contains invisible or control characters that are not allowed. Please retype it.',
    });
  });

  it('keeps line breaks and tabs in the message but refuses other controls and overrides there', () => {
    const ok = parseContactMessage(buildMessage({ message: 'Line one\r\nLine two\n\tindented' }));
    expect(ok).toEqual({ ok: true, message: buildMessage({ message: 'Line one\r\nLine two\n\tindented' }) });
    for (const message of ['Hello \u202eevil', 'Bell\u0007', 'Hi\u0000there', 'C1\u009b31m']) {
      expect(errorFor({ message })).toEqual({
        field: 'message',
        error: 'Your Message contains invisible or control characters that are not allowed. Please retype it.',
      });
    }
  });

  it('still accepts names in other scripts and with accents', () => {
    for (const name of ['Adébáyọ̀ Ọlátúnjí', 'محمد علي', 'Chiamaka Nwosu-Eze', "O'Neil Ọbá"]) {
      expect(parseContactMessage(buildMessage({ name })).ok, name).toBe(true);
    }
  });
});
