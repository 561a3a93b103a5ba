// A license key in HTML, for the download page and the key's e-mail (docs/licenses.md, 'Showing a key'):
// a break opportunity (<wbr>) after each group's hyphen, and a line that breaks inside a group only when
// that group alone is wider than the line, so a narrow screen breaks the key between groups.
import { licenseKeyGroups } from '../../domain/licenseKeys';
import { escapeHtml } from '../mail/html';

export function licenseKeyHtml(key: string): string {
  return licenseKeyGroups(key).map(escapeHtml).join('<wbr>');
}
