import { describe, expect, it } from 'vitest';
import { contactFields, customerFields, emailsMatch, fieldError, validateFields } from '../../../domain/fieldRules';
import { withoutForbiddenCharacters } from '../../../domain/textSafety';

describe('field rules', () => {
  it('labels and limits the payment form', () => {
    expect(customerFields.name).toMatchObject({ label: 'Full Name', maxLength: 100, type: 'text' });
    expect(customerFields.email).toMatchObject({ label: 'Email', maxLength: 254, type: 'email' });
    expect(customerFields.confirmEmail).toMatchObject({ label: 'Confirm Email', maxLength: 254, type: 'email' });
    expect(customerFields.phone).toMatchObject({ label: 'Phone Number', maxLength: 30, type: 'tel' });
  });

  it.each([
    [customerFields.name, ' ', 'Please enter your full name.'],
    [customerFields.name, 'n'.repeat(101), 'Your name must be at most 100 characters.'],
    [customerFields.name, 'Ada\nObi', 'Your name must be on a single line.'],
    [customerFields.email, 'ada@', 'Please enter a valid email address.'],
    [customerFields.confirmEmail, '', 'Please confirm your email address.'],
    [customerFields.phone, '12', 'Please enter a valid phone number.'],
    [customerFields.phone, '(+) -', 'Please enter a valid phone number.'],
    [contactFields.message, 'm'.repeat(5001), 'Your message must be at most 5000 characters.'],
  ])('fieldError(%j, %j) = %j', (rule, value, message) => {
    expect(fieldError(rule, value)).toBe(message);
  });

  it.each([
    [customerFields.name, '  Ada Obi  '],
    [customerFields.email, 'ada.obi+books@example.com.ng'],
    [customerFields.phone, '+234 (803) 123-4567'],
    [customerFields.phone, '112'],
    [contactFields.message, 'line one\nline two'],
  ])('accepts %j = %j', (rule, value) => {
    expect(fieldError(rule, value)).toBeNull();
  });

  it('validates a whole form and names each wrong field', () => {
    expect(validateFields(customerFields, { name: 'Ada', email: 'ada', confirmEmail: 'ada', phone: '' })).toEqual({
      email: 'Please enter a valid email address.',
      confirmEmail: 'Please enter a valid email address.',
      phone: 'Please enter your phone number.',
    });
    expect(
      validateFields(contactFields, { name: 'Ada', email: 'ada@example.com', phone: '112', message: 'Hi' }),
    ).toEqual({});
  });

  it('compares the two e-mails trimmed and case-insensitively', () => {
    expect(emailsMatch('Ada@Example.com ', ' ada@example.com')).toBe(true);
    expect(emailsMatch('ada@example.com', 'ada@example.org')).toBe(false);
  });
});

describe('invisible and control characters', () => {
  it('are refused in every single-line field of both forms, named by the label', () => {
    expect(fieldError(customerFields.name, 'Ada \u202eObi')).toBe(
      'Full Name contains invisible or control characters that are not allowed. Please retype it.',
    );
    expect(fieldError(customerFields.confirmEmail, 'ada@exam\u200eple.com')).toBe(
      'Confirm Email contains invisible or control characters that are not allowed. Please retype it.',
    );
    expect(fieldError(contactFields.phone, '0803\u0000123')).toBe(
      'Your Phone Number contains invisible or control characters that are not allowed. Please retype it.',
    );
  });

  it('leave line breaks and tabs in the message alone, and plain accented names too', () => {
    expect(fieldError(contactFields.message, 'Hello\r\n\tthere')).toBeNull();
    expect(fieldError(contactFields.message, 'Hello\u2066there')).toBe(
      'Your Message contains invisible or control characters that are not allowed. Please retype it.',
    );
    expect(fieldError(customerFields.name, 'Adébáyọ̀ Ọlátúnjí')).toBeNull();
  });

  it('refuse zero-width, byte-order and replacement characters and half surrogate pairs in a single line', () => {
    const refused = 'Full Name contains invisible or control characters that are not allowed. Please retype it.';
    for (const name of [
      'Ad\u200Ba',
      'Ad\u2060a',
      'Ada\uFEFF Obi',
      'Ada\u180E',
      'Ada \uFFFD',
      'Ada \uD800',
      '\uDC00Ada',
    ]) {
      expect(fieldError(customerFields.name, name), JSON.stringify(name)).toBe(refused);
    }
    // A byte order mark at either end is trimmed away like a space.
    expect(fieldError(customerFields.name, '\uFEFFAda Obi')).toBeNull();
    // Joiners belong to Persian and Indic names and to emoji; a full surrogate pair is one character.
    expect(fieldError(customerFields.name, 'می\u200Cخواهم')).toBeNull();
    expect(fieldError(customerFields.name, 'Ada 👩\u200D💻')).toBeNull();
    expect(fieldError(contactFields.message, 'Hello \uD800')).toBe(
      'Your Message contains invisible or control characters that are not allowed. Please retype it.',
    );
    expect(fieldError(contactFields.message, 'Hello\u200Bthere')).toBeNull();
  });

  it('read U+2028 and U+2029 as line breaks in a single line, and allow them in a message', () => {
    expect(fieldError(contactFields.name, 'Ada\u2028Bcc: x@example.com')).toBe('Your name must be on a single line.');
    expect(fieldError(customerFields.name, 'Ada\u2029Obi')).toBe('Your name must be on a single line.');
    expect(fieldError(customerFields.email, 'ada@example.com\u2028Bcc: x@example.com')).toBe(
      'Please enter a valid email address.',
    );
    expect(fieldError(contactFields.message, 'Hello\u2028there')).toBeNull();
  });
});

describe('withoutForbiddenCharacters', () => {
  it('turns controls and line separators into spaces and drops invisible and direction characters', () => {
    expect(withoutForbiddenCharacters('Ada\r\nBcc:\u2028x')).toBe('Ada Bcc: x');
    expect(withoutForbiddenCharacters('\u202EAda\u200B Obi\uD800 ')).toBe('Ada Obi');
    expect(withoutForbiddenCharacters('Adébáyọ̀ 👩\u200D💻')).toBe('Adébáyọ̀ 👩\u200D💻');
  });
});
