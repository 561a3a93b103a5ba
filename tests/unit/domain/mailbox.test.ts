import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../../domain/mailbox';

describe('mailboxOf', () => {
  it.each([
    ['Ada@Example.com', 'ada@example.com'],
    ['  ada+shop@example.com ', 'ada@example.com'],
    ['ada+a+b@example.ng', 'ada@example.ng'],
    ['a.d.a@gmail.com', 'ada@gmail.com'],
    ['A.D.A+promo@googlemail.com', 'ada@gmail.com'],
    ['a.d.a@yahoo.com', 'a.d.a@yahoo.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['...@gmail.com', '...@gmail.com'],
    ['not-an-address', 'not-an-address'],
  ])('folds %s to %s', (input, expected) => {
    expect(mailboxOf(input)).toBe(expected);
  });
});
