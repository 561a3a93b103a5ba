// The library's sign-in e-mail (docs/library.md): the 6-digit code and the one-click link, both valid
// 10 minutes. The same e-mail goes to every address asked for, buyer or not. Once the address's wrong
// codes of the day are spent it carries the link alone and says there is no code this time.
import { escapeHtml, htmlDocument, subjectLine } from './html';
import type { MailContent } from './orderMails';

const buttonStyle =
  'display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold';
const smallStyle = 'font-size:13px;color:#475569';

/** The mail with the link alone: the words say why there is no code, with no jargon. */
function linkOnlyMail({ link, storeName, minutes }: { link: string; storeName: string; minutes: number }): MailContent {
  const why =
    'There is no code this time: too many wrong codes were typed for this address today, so codes are not taken until tomorrow. The link in this e-mail still signs you in.';
  const note = `The link works once, for ${minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.`;
  const text = [`Sign in to your library at ${storeName} with one click:`, link, '', why, '', note, '', storeName].join(
    '\n',
  );
  const html = htmlDocument(
    'Your sign-in link',
    [
      `<p>Sign in to your library at ${escapeHtml(storeName)} with one click:</p>`,
      `<p><a href="${escapeHtml(link)}" style="${buttonStyle}">Sign in to your library</a></p>`,
      `<p>${escapeHtml(why)}</p>`,
      `<p style="${smallStyle}">${escapeHtml(note)}</p>`,
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your sign-in link — ${storeName}`), text, html };
}

export function signInMail({
  code,
  link,
  storeName,
  minutes,
}: {
  /** Null: the link alone (the address's wrong codes of the day are spent). */
  code: string | null;
  link: string;
  storeName: string;
  minutes: number;
}): MailContent {
  if (code === null) return linkOnlyMail({ link, storeName, minutes });
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
      `<p><a href="${escapeHtml(link)}" style="${buttonStyle}">Sign in to your library</a></p>`,
      `<p style="${smallStyle}">The code and the link work once, for ${minutes} minutes. If you did not ask for them, ignore this e-mail: nobody can sign in without them.</p>`,
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your sign-in code: ${code} — ${storeName}`), text, html };
}
