// A license key and an e-mail address break between their groups only (docs/licenses.md, 'Showing a
// key'): a break opportunity after each group, a hyphenated word of an address held whole, the text as
// typed. Lines themselves are laid out by a real browser in tests/e2e/adminSales.test.ts.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailGroups, GroupedText } from '../../../src/components/GroupedText';
import { LicenseKeyText } from '../../../src/components/LicenseKeyText';

describe('a license key', () => {
  it('offers a line break after each group’s hyphen only, and reads as the key', () => {
    render(<LicenseKeyText value="8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E" />);
    const code = screen.getByText('8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E');
    expect(code.tagName).toBe('CODE');
    expect(code.innerHTML).toBe('8F3A2C1D-<wbr>0B9E4D7A-<wbr>5C6F1E2B-<wbr>9A8D7C6E');
    // overflow-wrap: break-word, never break-all: a group breaks only when it alone is wider than the line.
    expect(code).toHaveClass('break-words');
    expect(code).not.toHaveClass('break-all');
  });

  it('shows a pool key without hyphens as one group', () => {
    render(<LicenseKeyText value="POOLKEY123" />);
    expect(screen.getByText('POOLKEY123').innerHTML).toBe('POOLKEY123');
  });
});

describe('an e-mail address', () => {
  it('is split into words after its @ and its dots', () => {
    expect(emailGroups('ngozi-adaeze.okafor@lagos-books.example.com')).toEqual([
      'ngozi-adaeze.',
      'okafor@',
      'lagos-books.',
      'example.',
      'com',
    ]);
    expect(emailGroups('ada@example.com')).toEqual(['ada@', 'example.', 'com']);
  });

  it('holds a hyphenated word whole and breaks only between words', () => {
    render(<GroupedText groups={emailGroups('ngozi-adaeze.okafor@lagos-books.example.com')} />);
    const address = screen.getByText((_, element) => element?.className === 'break-words ');
    expect(address.textContent).toBe('ngozi-adaeze.okafor@lagos-books.example.com');
    expect(address.innerHTML).toBe(
      '<span class="whitespace-nowrap">ngozi-adaeze.</span><wbr>okafor@<wbr>' +
        '<span class="whitespace-nowrap">lagos-books.</span><wbr>example.<wbr>com',
    );
  });

  it('reads as the address when no word has a hyphen', () => {
    render(<GroupedText groups={emailGroups('ada.obi@example.com')} />);
    expect(screen.getByText('ada.obi@example.com').innerHTML).toBe('ada.<wbr>obi@<wbr>example.<wbr>com');
  });
});
