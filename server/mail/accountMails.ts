// The admin account e-mails (docs/admin.md): the password reset link and the address verification
// link, sent by the API over the store's own SMTP instead of Firebase Auth's mail. Each link opens a
// page of the store with Firebase's one-time code in `oobCode`.
import { escapeHtml, htmlDocument, subjectLine } from './html';
import type { MailContent } from './orderMails';

function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

export function passwordResetMail({ link, storeName }: { link: string; storeName: string }): MailContent {
  const text = [
    `Someone asked to reset the password of your admin account at ${storeName}.`,
    '',
    'Choose a new password here:',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
    '',
    storeName,
  ].join('\n');
  const html = htmlDocument(
    'Reset your password',
    [
      `<p>Someone asked to reset the password of your admin account at ${escapeHtml(storeName)}.</p>`,
      button(link, 'Choose a new password'),
      `<p style="font-size:13px;color:#475569">Or open this link: ${escapeHtml(link)}</p>`,
      '<p style="font-size:13px;color:#475569">The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>',
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Reset your password — ${storeName}`), text, html };
}

export function verificationMail({ link, storeName }: { link: string; storeName: string }): MailContent {
  const text = [
    `You asked to become an admin of ${storeName}. Verify your e-mail address here:`,
    link,
    '',
    'Then log in: an admin will review your request. If you did not ask for this, ignore this e-mail.',
    '',
    storeName,
  ].join('\n');
  const html = htmlDocument(
    'Verify your e-mail address',
    [
      `<p>You asked to become an admin of ${escapeHtml(storeName)}. Verify your e-mail address:</p>`,
      button(link, 'Verify my address'),
      `<p style="font-size:13px;color:#475569">Or open this link: ${escapeHtml(link)}</p>`,
      '<p style="font-size:13px;color:#475569">Then log in: an admin will review your request. If you did not ask for this, ignore this e-mail.</p>',
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Verify your e-mail address — ${storeName}`), text, html };
}
