import { describe, expect, it } from 'vitest';
import { registrationError, type Registration } from '../../../src/lib/admin';

function buildRegistration(overrides: Partial<Registration> = {}): Registration {
  return {
    name: 'Ada Obi',
    email: 'ada@digitalstore.test',
    confirmEmail: 'ada@digitalstore.test',
    phone: '+234 803 123 4567',
    password: 'ada-pass-2026',
    confirmPassword: 'ada-pass-2026',
    ...overrides,
  };
}

describe('registration rules', () => {
  it('accepts a complete registration', () => {
    expect(registrationError(buildRegistration())).toBeNull();
  });

  it('compares e-mails without regard to case or surrounding spaces', () => {
    expect(registrationError(buildRegistration({ confirmEmail: ' ADA@digitalstore.test ' }))).toBeNull();
  });

  it("says 'Emails do not match'", () => {
    expect(registrationError(buildRegistration({ confirmEmail: 'ada@other.test' }))).toBe('Emails do not match');
  });

  it("says 'Passwords do not match', case and all", () => {
    expect(registrationError(buildRegistration({ confirmPassword: 'ADA-pass-2026' }))).toBe('Passwords do not match');
  });

  it.each(['name', 'email', 'confirmEmail', 'phone', 'password', 'confirmPassword'] as const)(
    'requires %s',
    (field) => {
      expect(registrationError(buildRegistration({ [field]: '  ' }))).toBe('Please fill in all fields.');
    },
  );
});
