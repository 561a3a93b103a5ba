// The pages behind a buyer's access link (docs/files.md, 'The download page'): plain HTML and a little
// inline CSS in the store's colours, no JavaScript, well under 30 KB, readable on a 360 px phone.
// Every Download is a form POST (the link itself hands out nothing, so mail scanners that open it do
// nothing); every value from the database is escaped.
import { escapeHtml } from '../mail/html';
import { licenseKeyCode } from '../mail/licenseKeyHtml';
import { formatSize, typeLabel, type DeliverableFile } from '../files/deliverables';
import type { BuyerLicense } from '../licenses/buyerLicenses';

const style = [
  'body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#0f172a;background:#f8fafc;line-height:1.5}',
  'header{background:#fff;border-bottom:1px solid #e2e8f0;padding:.75rem 1rem;font-weight:700}',
  'main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  'h1{font-size:1.4rem;line-height:1.3;margin:0 0 .5rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}',
  'ul{list-style:none;padding:0;margin:1.5rem 0}',
  'li{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 .75rem;display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}',
  '.name{font-weight:600;overflow-wrap:anywhere}.meta{color:#475569;font-size:.9rem}',
  'form{margin:0}button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#067647;color:#fff;cursor:pointer;min-height:44px}',
  'button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}',
  'label{display:block;font-weight:600;margin:1rem 0 .25rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:.5rem;margin-bottom:1rem}',
  '.note{color:#475569;font-size:.9rem}.error{color:#b42318;font-weight:600}a{color:#1d4ed8}',
].join('');

export function page(storeName: string, title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} — ${escapeHtml(storeName)}</title>`,
    `<style>${style}</style>`,
    `</head><body><header>${escapeHtml(storeName)}</header><main>`,
    body,
    '</main></body></html>',
  ].join('');
}

export interface DownloadPageFacts {
  storeName: string;
  /** /api/access/{token}, the base of every form on the page. */
  basePath: string;
  productName: string;
  files: DeliverableFile[];
  hasLink: boolean;
  /** Downloads left per file id when the seller set a limit; absent without one. */
  remaining: Record<string, number> | null;
  /** When access ends, in words ('1 March 2027'); null without an expiry. */
  endsOn: string | null;
  /** The buyer's library (docs/library.md), where every purchase of their address is listed. */
  libraryUrl: string;
  /** The sale's license key (docs/licenses.md), or null for a product without keys. */
  license?: BuyerLicense | null;
  /** The course player of this purchase (/learn/{token}, docs/courses.md), or null without a course. */
  courseUrl?: string | null;
  /**
   * Ids of the files this buyer gets as a personalised (stamped) copy: listed without a size, since the
   * copy is not the size of the seller's file (docs/files.md).
   */
  personalised?: ReadonlySet<string>;
}

const dayWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The license key section: the key, its seats and a Deactivate form per machine. */
export function licenseSection(license: BuyerLicense, base: string): string {
  if (license.key === null) {
    return '<h2>Your license key</h2><p>Your license key will be sent to you by e-mail shortly.</p>';
  }
  const used = license.activations.length;
  const seats = license.activationLimit === null ? `${used} (no limit)` : `${used} of ${license.activationLimit}`;
  const machines = license.activations.map((a) => {
    const on = Number.isNaN(Date.parse(a.at)) ? '' : ` · activated ${dayWords.format(new Date(a.at))}`;
    return `<li><div><div class="name">${escapeHtml(a.name)}</div><div class="meta">Machine${escapeHtml(on)}</div></div><form method="post" action="${base}/licenses/${escapeHtml(encodeURIComponent(a.id))}/deactivate"><button type="submit" aria-label="Deactivate ${escapeHtml(a.name)}">Deactivate</button></form></li>`;
  });
  return [
    '<h2>Your license key</h2>',
    `<p>${licenseKeyCode(license.key, { id: 'license-key', fontSize: '1.05rem' })}</p>`,
    license.status === 'disabled' ? '<p class="error">The seller has disabled this key.</p>' : '',
    `<p class="meta">Machines using this key: ${escapeHtml(seats)}</p>`,
    machines.length ? `<ul aria-label="Machines using your license key">${machines.join('')}</ul>` : '',
  ].join('');
}

export function downloadPage(facts: DownloadPageFacts): string {
  const base = escapeHtml(facts.basePath);
  const items = facts.files.map((file) => {
    const left = facts.remaining?.[file.id];
    const leftText =
      left === undefined
        ? ''
        : ` · ${left === 0 ? 'no downloads left' : `${left} ${left === 1 ? 'download' : 'downloads'} left`}`;
    const button =
      left === 0
        ? ''
        : `<form method="post" action="${base}/files/${escapeHtml(file.id)}"><button type="submit" aria-label="Download ${escapeHtml(file.name)}">Download</button></form>`;
    const size = facts.personalised?.has(file.id) ? 'personalised copy' : formatSize(file.size);
    return `<li><div><div class="name">${escapeHtml(file.name)}</div><div class="meta">${escapeHtml(typeLabel(file))} · ${escapeHtml(size)}${leftText}</div></div>${button}</li>`;
  });
  const link = facts.hasLink
    ? `<li><div><div class="name">Online content</div><div class="meta">Opens the seller's page for this product</div></div><form method="post" action="${base}/link"><button type="submit">Open link</button></form></li>`
    : '';
  const ends = facts.endsOn
    ? `<p class="note">You can download these files until ${escapeHtml(facts.endsOn)}.</p>`
    : '';
  return page(
    facts.storeName,
    facts.productName,
    [
      `<h1>${escapeHtml(facts.productName)}</h1>`,
      facts.courseUrl ? `<p><a class="course" href="${escapeHtml(facts.courseUrl)}">Start the course</a></p>` : '',
      items.length > 0 || link
        ? '<p>Thank you for your purchase. Your files are below; each Download button gives you a fresh copy.</p>'
        : '<p>Thank you for your purchase.</p>',
      ends,
      items.length > 0 || link ? `<ul aria-label="Your files">${items.join('')}${link}</ul>` : '',
      facts.license ? licenseSection(facts.license, base) : '',
      `<p><a href="${base}/review">Rate ${escapeHtml(facts.productName)}</a></p>`,
      '<p class="note">Keep this link private: it is your access to the product.</p>',
      `<p class="note">Everything you bought here is also in <a href="${escapeHtml(facts.libraryUrl)}">your library</a>.</p>`,
    ].join(''),
  );
}

export function confirmDevicePage({
  storeName,
  basePath,
  productName,
  error,
}: {
  storeName: string;
  basePath: string;
  productName: string;
  error: string | null;
}): string {
  const errorId = error ? ' aria-describedby="email-error" aria-invalid="true"' : '';
  return page(
    storeName,
    productName,
    [
      `<h1>${escapeHtml(productName)}</h1>`,
      '<p>This device has not opened your downloads before. Please confirm the e-mail address you used when paying; this browser will then remember it.</p>',
      `<form method="post" action="${escapeHtml(basePath)}/confirm">`,
      '<label for="email">E-mail address used for the purchase</label>',
      `<input id="email" name="email" type="email" autocomplete="email" required${errorId}>`,
      error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : '',
      '<button type="submit">Confirm</button></form>',
    ].join(''),
  );
}

export function accessEndedPage({
  storeName,
  reason,
  contactUrl,
  renewUrl,
}: {
  storeName: string;
  reason: string;
  contactUrl: string;
  /** An ended plan's transfer link: paying it reopens the plan (docs/memberships.md). */
  renewUrl?: string | undefined;
}): string {
  return page(
    storeName,
    'Access ended',
    [
      '<h1>Your access to this product has ended</h1>',
      `<p>${escapeHtml(reason)}</p>`,
      renewUrl
        ? `<p><a href="${escapeHtml(renewUrl)}">Renew and pay for the next period</a> to open it again.</p>`
        : '',
      `<p>If you think this is a mistake, please <a href="${escapeHtml(contactUrl)}">contact the seller</a> and give the e-mail address you paid with.</p>`,
    ].join(''),
  );
}

export function messagePage(storeName: string, title: string, text: string): string {
  return page(storeName, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`);
}
