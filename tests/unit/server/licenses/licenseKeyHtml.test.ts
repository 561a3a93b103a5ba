// A license key in the download page's and the e-mail's HTML (docs/licenses.md, 'Showing a key').
import { describe, expect, it } from 'vitest';
import { licenseKeyGroups } from '../../../../domain/licenseKeys';
import { licenseKeyHtml } from '../../../../server/licenses/licenseKeyHtml';
import { licenseSection } from '../../../../server/downloads/downloadPages';

describe('a license key in HTML', () => {
  it('breaks only after a group’s hyphen, escaped', () => {
    expect(licenseKeyGroups('8F3A2C1D-0B9E4D7A-5C6F1E2B-9A8D7C6E')).toEqual([
      '8F3A2C1D-',
      '0B9E4D7A-',
      '5C6F1E2B-',
      '9A8D7C6E',
    ]);
    expect(licenseKeyHtml('8F3A2C1D-0B9E4D7A')).toBe('8F3A2C1D-<wbr>0B9E4D7A');
    expect(licenseKeyHtml('<b>-K&Y')).toBe('&lt;b&gt;-<wbr>K&amp;Y');
  });

  it('is shown on the download page without break-anywhere', () => {
    const html = licenseSection(
      { key: 'AAAA1111-BBBB2222', status: 'active', activationLimit: 3, activations: [] },
      '/access/t',
    );
    expect(html).toContain(
      '<code id="license-key" style="font-size:1.05rem;overflow-wrap:break-word">AAAA1111-<wbr>BBBB2222</code>',
    );
  });
});
