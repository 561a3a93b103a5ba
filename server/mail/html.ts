// Every value interpolated into an HTML e-mail goes through escapeHtml: a buyer's name or a product
// title is data, never markup.
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Control characters, CR and LF among them: matching them is the point.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]+/g;

/** Control characters (CR, LF, ...) become spaces: the value fits on one header line. */
export function oneLine(value: string): string {
  return value.replace(controlCharacters, ' ');
}

/** A subject is one header line: CR, LF and other control characters become spaces. */
export function subjectLine(value: string): string {
  return oneLine(value).replace(/\s+/g, ' ').trim();
}

/** A link whose address and text are both escaped; only http(s) and mailto addresses become links. */
export function link(href: string, label: string): string {
  if (!/^(?:https?:\/\/|mailto:)/i.test(href)) return escapeHtml(label);
  return `<a href="${escapeHtml(href)}" style="color:#1d4ed8">${escapeHtml(label)}</a>`;
}

/** The shared frame of the store's e-mails: plain, readable in every client, no remote images. */
export function htmlDocument(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    body,
    '</div></body></html>',
  ].join('');
}
