// How the setup writes .env and .env.functions (scripts/golive/envFiles.ts): its keys set in place,
// every other line kept, values quoted so dotenv and firebase-tools read them back whole.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeEnvText, parseEnvFile, quote } from '../../../scripts/golive/envFiles';

describe('the setup’s env files', () => {
  it('sets its keys in place, keeps every other line and appends new keys', () => {
    const current = '# My settings\nSTORE_NAME=Old name\nMY_OWN=kept\n';
    expect(mergeEnvText(current, { STORE_NAME: 'Ada Books', SMTP_PORT: '587' })).toBe(
      '# My settings\nSTORE_NAME=Ada Books\nMY_OWN=kept\nSMTP_PORT=587\n',
    );
  });

  it('quotes a value with a #, a quote or edge spaces, and reads it back whole', () => {
    expect(quote('Ada Books <orders@adabooks.ng>')).toBe('Ada Books <orders@adabooks.ng>');
    expect(quote('Shop #1')).toBe("'Shop #1'");
    expect(quote("Ada's Books")).toBe('"Ada\'s Books"');
    expect(quote(' padded')).toBe("' padded'");
    const dir = mkdtempSync(join(tmpdir(), 'golive-env-'));
    writeFileSync(join(dir, '.env'), mergeEnvText('', { A: 'Shop #1', B: "Ada's Books", C: 'plain' }));
    expect(parseEnvFile(join(dir, '.env'))).toEqual({ A: 'Shop #1', B: "Ada's Books", C: 'plain' });
  });

  it('refuses a value it cannot write safely', () => {
    expect(() => quote('two\nlines')).toThrow('A setting may not hold a line break, or both kinds of quote.');
    expect(() => quote(`Ada's "Books"`)).toThrow('A setting may not hold a line break, or both kinds of quote.');
  });
});
