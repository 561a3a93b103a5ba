import { describe, expect, it } from 'vitest';
import { passwordResetMail, verificationMail } from '../../../../server/mail/accountMails';

const link = 'https://shop.example.com/adminresetpassword?oobCode=abc-123&x="y"';
const storeName = 'Ada <Books> & Co';

describe('passwordResetMail', () => {
  it('gives the link in both parts, the store name escaped in HTML and the subject on one line', () => {
    const mail = passwordResetMail({ link, storeName: `${storeName}\r\nBcc: x@example.com` });
    expect(mail.subject).toBe('Reset your password — Ada <Books> & Co Bcc: x@example.com');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.text).toContain('The link works once. If you did not ask for it, ignore this e-mail');
    expect(mail.html).toContain(
      'href="https://shop.example.com/adminresetpassword?oobCode=abc-123&amp;x=&quot;y&quot;"',
    );
    expect(mail.html).toContain('Ada &lt;Books&gt; &amp; Co');
    expect(mail.html).not.toContain('<Books>');
  });
});

describe('verificationMail', () => {
  it('asks to verify the address with the link, then to log in for review', () => {
    const mail = verificationMail({ link: 'https://shop.example.com/adminverify?oobCode=v-1', storeName });
    expect(mail.subject).toBe('Verify your e-mail address — Ada <Books> & Co');
    expect(mail.text).toBe(
      [
        'You asked to become an admin of Ada <Books> & Co. Verify your e-mail address here:',
        'https://shop.example.com/adminverify?oobCode=v-1',
        '',
        'Then log in: an admin will review your request. If you did not ask for this, ignore this e-mail.',
        '',
        'Ada <Books> & Co',
      ].join('\n'),
    );
    expect(mail.html).toContain('>Verify my address</a>');
    expect(mail.html).toContain('href="https://shop.example.com/adminverify?oobCode=v-1"');
  });
});
