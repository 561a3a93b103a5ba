// One e-mail to buyers as nodemailer writes it (docs/emails.md): RFC 8058 headers on one line each, the
// footer, and the seller's Markdown kept to the store's allowlist whatever it holds.
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { mailingBodyHtml, mailingMessage, unsubscribeUrl } from '../../../../server/mailings/mailingMail';
import { outsideAllowlist, xssCorpus } from '../../../support/xssCorpus';

const config = { STORE_NAME: 'Ada Stores', SELLER_EMAIL: 'seller@adastores.test' };
const unsubscribe = unsubscribeUrl(
  'https://shop.example.com/',
  'Ab3dEf6hIj9lMn2pQr5t',
  '7d1f6c0b0f2a4e8c9d3b5a7e1f0c2d4b6a8e0f1c3d5b7a9e1f3c5d7b9a1e3f5c',
  'tok_0123456789abcdefghijklmnopqrs',
);

/** The raw message nodemailer would hand the mail server. */
async function raw(message: ReturnType<typeof mailingMessage>): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({ from: 'news@adastores.test', to: 'ada@example.com', ...message });
  return (info.message as Buffer).toString('utf8');
}

describe('mailingMessage', () => {
  it('carries List-Unsubscribe (https and mailto) and List-Unsubscribe-Post, each on one line', async () => {
    const source = await raw(mailingMessage({ subject: 'News', body: 'Hello.' }, { unsubscribe }, config));
    const headerBlock = source.slice(0, source.indexOf('\n\n'));
    expect(headerBlock.split('\n')).toContain(
      'List-Unsubscribe: <https://shop.example.com/api/unsubscribe/Ab3dEf6hIj9lMn2pQr5t/7d1f6c0b0f2a4e8c9d3b5a7e1f0c2d4b6a8e0f1c3d5b7a9e1f3c5d7b9a1e3f5c/tok_0123456789abcdefghijklmnopqrs>, <mailto:seller@adastores.test?subject=Unsubscribe>',
    );
    expect(headerBlock.split('\n')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('ends with why it came and the unsubscribe link, in the text and the HTML', () => {
    const message = mailingMessage({ subject: 'News', body: 'Hello.\n' }, { unsubscribe }, config);
    expect(message.text).toBe(
      `Hello.\n\n--\nYou are getting this e-mail because you bought from Ada Stores.\nTo get no more e-mails like this: ${unsubscribe}`,
    );
    expect(message.html).toContain(
      `<p style="font-size:13px;color:#475569">You are getting this e-mail because you bought from Ada Stores. <a href="${unsubscribe}" style="color:#1d4ed8">Unsubscribe</a></p>`,
    );
  });

  it('has no unsubscribe headers on the test copy', () => {
    expect(mailingMessage({ subject: 'News', body: 'Hi' }, { unsubscribe: null }, config).headers).toEqual({});
  });

  it('keeps the subject to one line', () => {
    expect(
      mailingMessage({ subject: 'News\r\nBcc: all@example.com', body: 'x' }, { unsubscribe }, config).subject,
    ).toBe('News Bcc: all@example.com');
  });
});

describe('mailingBodyHtml', () => {
  it('renders Markdown with the lessons’ renderer', () => {
    expect(mailingBodyHtml('# Chapter 12\n\nRead [it](https://example.com/c12) **now**.')).toBe(
      '<h3>Chapter 12</h3>\n<p>Read <a href="https://example.com/c12" rel="nofollow noopener noreferrer">it</a> <strong>now</strong>.</p>\n',
    );
  });

  it.each(xssCorpus)('keeps hostile input to the allowlist: %s', (attack) => {
    expect(outsideAllowlist(mailingBodyHtml(attack))).toEqual([]);
  });

  it('shows raw HTML as its text', () => {
    expect(mailingBodyHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
