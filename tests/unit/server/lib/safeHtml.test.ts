// The store's HTML allowlist and safe Markdown (docs/security.md, 'Text the store renders'): every
// payload of the corpus, rendered as Markdown or handed straight to the sanitizer, parses to nothing
// outside the allowlist; what the allowlist keeps stays.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../server/lib/markdown';
import { plainTextHtml, sanitizeHtml } from '../../../../server/lib/safeHtml';
import { attackLesson, attackLessonText, outsideAllowlist, shownText, xssCorpus } from '../../../support/xssCorpus';

const render = (markdown: string) => renderMarkdown(markdown, { firstHeadingLevel: 3, maxChars: 50_000 });

describe('the XSS corpus', () => {
  it('has a checker that finds what is outside the allowlist, in any namespace or template', () => {
    expect(
      outsideAllowlist(
        '<p>x<img src=x onerror=1><svg><a href="javascript:1">y</a></svg><a href="javascript:z">q</a><template><b>t</b></template></p>',
      ),
    ).toEqual(['img[src=x]', 'img[onerror=1]', 'svg', 'a', 'a[href=javascript:z]', 'template', 'b']);
  });

  it('holds at least 30 payloads, the attack lesson among them', () => {
    expect(xssCorpus.length).toBeGreaterThanOrEqual(30);
    expect(xssCorpus).toContain(attackLesson);
  });

  it.each(xssCorpus.map((payload) => [payload]))(
    'renders %j as Markdown with nothing outside the allowlist',
    (payload) => {
      expect(outsideAllowlist(render(payload))).toEqual([]);
    },
  );

  it.each(xssCorpus.map((payload) => [payload]))('sanitizes %j as HTML to nothing outside the allowlist', (payload) => {
    expect(outsideAllowlist(sanitizeHtml(payload))).toEqual([]);
  });

  it('shows the attack lesson as its words', () => {
    expect(shownText(render(attackLesson))).toBe(`${attackLessonText}\n`);
  });
});

describe('sanitizeHtml, the second layer', () => {
  it('escapes elements outside the allowlist and drops their attributes, keeping allowed markup', () => {
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red">Hi <img src=x onerror=alert(1)></p>')).toBe(
      '<p>Hi <img /></p>',
    );
    expect(sanitizeHtml('<div>box</div><script>alert(1)</script>')).toBe(
      '&lt;div&gt;box&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(
      sanitizeHtml('<a href="javascript:alert(1)" target="_blank">x</a> <a href="https://ok.example/">y</a>'),
    ).toBe('<a>x</a> <a href="https://ok.example/">y</a>');
    expect(
      sanitizeHtml('<img src="http://img.example/a.png" alt="a"><img src="https://img.example/b.png" alt="b">'),
    ).toBe('<img alt="a" /><img src="https://img.example/b.png" alt="b" />');
    expect(sanitizeHtml('<code class="language-ts evil">x</code><a href="//evil.example/">z</a>')).toBe(
      '<code class="language-ts">x</code><a>z</a>',
    );
  });
});

describe('plainTextHtml, for text that is not Markdown', () => {
  it('keeps paragraphs and line breaks and shows every tag as text', () => {
    expect(plainTextHtml('Great course!\r\nLoved it.\n\n<img src=x onerror=alert(1)> & "more"')).toBe(
      '<p>Great course!<br />Loved it.</p>\n<p>&lt;img src=x onerror=alert(1)&gt; &amp; "more"</p>',
    );
    expect(outsideAllowlist(plainTextHtml(attackLesson))).toEqual([]);
    expect(shownText(plainTextHtml(attackLesson))).toBe(attackLessonText);
  });
});
