// The library's sign-in e-mail (docs/library.md): the 6-digit code and the one-click link, both valid
// 10 minutes. The same e-mail goes to every address asked for, buyer or not.
import { escapeHtml, htmlDocument, subjectLine } from './html';
import type { MailContent } from './orderMails';

export function signInMail({
  code,
  link,
  storeName,
  minutes,
}: {
  code: string;
  link: string;
  storeName: string;
  minutes: number;
}): MailContent {
  const text = [
    `Your code to sign in to your library at ${storeName}: ${code}`,
    '',
    'Or sign in with one click:',
    link,
    '',
    `The code and the link work once, for ${minutes} minutes. If you did not ask for them, ignore this e-mail: nobody can sign in without them.`,
    '',
    storeName,
  ].join('\n');
  const html = htmlDocument(
    `Your sign-in code: ${code}`,
    [
      `<p>Your code to sign in to your library at ${escapeHtml(storeName)}:</p>`,
      `<p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p>`,
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Sign in to your library</a></p>`,
      `<p style="font-size:13px;color:#475569">The code and the link work once, for ${minutes} minutes. If you did not ask for them, ignore this e-mail: nobody can sign in without them.</p>`,
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your sign-in code: ${code} — ${storeName}`), text, html };
}
