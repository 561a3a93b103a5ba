import { describe, expect, it } from 'vitest';
import { splitFullName, toMinorUnits } from '../../../../src/features/checkout/paymentDetails';

describe('splitFullName', () => {
  it('splits on the first space: the rest is the last name', () => {
    expect(splitFullName('Ada Obi')).toEqual({ firstName: 'Ada', lastName: 'Obi' });
    expect(splitFullName('Ada Chioma Obi')).toEqual({ firstName: 'Ada', lastName: 'Chioma Obi' });
  });

  it('gives the whole name as the first name when there is no space', () => {
    expect(splitFullName('Chioma')).toEqual({ firstName: 'Chioma', lastName: '' });
  });

  it('ignores spaces around the name and between its parts', () => {
    expect(splitFullName('  Ada   Obi  ')).toEqual({ firstName: 'Ada', lastName: 'Obi' });
    expect(splitFullName(' Chioma ')).toEqual({ firstName: 'Chioma', lastName: '' });
  });
});

describe('toMinorUnits (price × 100)', () => {
  it('turns naira into kobo without floating-point dust', () => {
    expect(toMinorUnits(7500)).toBe(750000);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.29)).toBe(29);
  });
});
