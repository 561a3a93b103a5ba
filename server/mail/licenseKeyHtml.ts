// A license key in HTML, for the download page and the e-mails that carry it (docs/licenses.md, 'Showing
// a key'): each group in a span that does not wrap, a break opportunity (<wbr>) between groups. The
// markup adds no character, so the key read as text (or copied) is the key as issued.
import { licenseKeyGroups } from '../../domain/licenseKeys';
import { escapeHtml } from './html';

/** A longer group (a pool key with no hyphens) is not held on one line: a phone's line may need to break it. */
const longestGroupKeptWhole = 24;

export function licenseKeyHtml(key: string): string {
  return licenseKeyGroups(key)
    .map((group) =>
      group.length <= longestGroupKeptWhole
        ? `<span style="white-space:nowrap">${escapeHtml(group)}</span>`
        : escapeHtml(group),
    )
    .join('<wbr>');
}

/** The key as the download page and the e-mails show it: monospaced, breaking between groups only. */
export function licenseKeyCode(key: string, { id, fontSize }: { id?: string; fontSize: string }): string {
  const idAttribute = id ? ` id="${escapeHtml(id)}"` : '';
  return `<code${idAttribute} style="font-size:${fontSize};overflow-wrap:break-word">${licenseKeyHtml(key)}</code>`;
}
