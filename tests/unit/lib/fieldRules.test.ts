import { describe, expect, it } from 'vitest';
import { contactFields, customerFields, emailsMatch, fieldError, validateFields } from '../../../src/lib/fieldRules';

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

describe('invisible and control characters (issue 9)', () => {
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
});
