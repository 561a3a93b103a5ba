// Lesson bodies rendered for the player (docs/courses.md, 'Lesson text'): what Markdown makes stays,
// whatever else a hostile body carries is shown as text or dropped.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../server/courses/markdown';
import { attackLesson } from '../../../support/xssCorpus';

describe('renderMarkdown', () => {
  it('renders headings, lists, code, links and https images', () => {
    expect(
      renderMarkdown(
        '## Setup\n\n1. Install\n2. Run `npm start`\n\n```ts\nconst a = 1 < 2;\n```\n\n[React](https://react.dev "Docs") ![Logo](https://img.test/logo.png)',
      ),
    ).toBe(
      '<h3>Setup</h3>\n<ol>\n<li>Install</li>\n<li>Run <code>npm start</code></li>\n</ol>\n' +
        '<pre><code class="language-ts">const a = 1 &lt; 2;\n</code></pre>\n' +
        '<p><a href="https://react.dev/" title="Docs" rel="nofollow noopener noreferrer">React</a> ' +
        '<img src="https://img.test/logo.png" alt="Logo" loading="lazy" /></p>\n',
    );
  });

  it('starts the outline below the lesson title: # is an h3, and nothing goes below h6', () => {
    expect(renderMarkdown('# Intro\n\n## Steps\n\n### Detail\n\n#### Note\n\n##### Aside\n\n###### Small')).toBe(
      '<h3>Intro</h3>\n<h4>Steps</h4>\n<h5>Detail</h5>\n<h6>Note</h6>\n<h6>Aside</h6>\n<h6>Small</h6>\n',
    );
    expect(renderMarkdown('Title\n=====\n\nSub\n---')).toBe('<h3>Title</h3>\n<h4>Sub</h4>\n');
    expect(renderMarkdown('# Use *this* <b>x</b>')).toBe('<h3>Use <em>this</em> &lt;b&gt;x&lt;/b&gt;</h3>\n');
  });

  it('starts a body whose highest heading is ## or lower at h3 too, keeping the distances between its levels', () => {
    expect(renderMarkdown('## What you will build\n\n### Step 1\n\n#### Detail')).toBe(
      '<h3>What you will build</h3>\n<h4>Step 1</h4>\n<h5>Detail</h5>\n',
    );
    expect(renderMarkdown('Intro\n\n#### Only this\n\n> ### Quoted')).toBe(
      '<p>Intro</p>\n<h4>Only this</h4>\n<blockquote>\n<h3>Quoted</h3>\n</blockquote>\n',
    );
    // Each body on its own: a heading-less body, then one starting at #.
    expect(renderMarkdown('No headings')).toBe('<p>No headings</p>\n');
    expect(renderMarkdown('# Top')).toBe('<h3>Top</h3>\n');
  });

  it('shows script, style and iframe tags as text', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderMarkdown('<style>body{display:none}</style>')).toBe('&lt;style&gt;body{display:none}&lt;/style&gt;');
    expect(renderMarkdown('<iframe src="https://evil.test"></iframe>')).toBe(
      '&lt;iframe src="https://evil.test"&gt;&lt;/iframe&gt;',
    );
  });

  it('never lets an event attribute through, inline or in a title', () => {
    expect(renderMarkdown('a <img src=x onerror=alert(1)> b')).toBe('<p>a &lt;img src=x onerror=alert(1)&gt; b</p>\n');
    expect(renderMarkdown('[x](https://a.test "a\\" onclick=\\"alert(1)")')).toBe(
      '<p><a href="https://a.test/" title="a&quot; onclick=&quot;alert(1)" rel="nofollow noopener noreferrer">x</a></p>\n',
    );
    expect(renderMarkdown('<a href="https://a.test" onmouseover="alert(1)">x</a>')).toBe(
      '<p>&lt;a href="https://a.test" onmouseover="alert(1)"&gt;x&lt;/a&gt;</p>\n',
    );
  });

  it('shows the attack lesson (raw text after an inline <kbd>) as its words, with no element of its own', () => {
    expect(renderMarkdown(attackLesson)).toBe(
      '<p>Lesson notes &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt; &lt;div/style="position:fixed;inset:0"&gt;' +
        'Session expired: &lt;a/href=//evil.example/login&gt;sign in again</p>\n',
    );
    expect(renderMarkdown('a <code> b <img src=x onerror=alert(1)> c </code> d')).toBe(
      '<p>a &lt;code&gt; b &lt;img src=x onerror=alert(1)&gt; c &lt;/code&gt; d</p>\n',
    );
  });

  it('shows task-list boxes as characters, and keeps table alignment and list starts', () => {
    expect(renderMarkdown('- [ ] todo\n- [x] done')).toBe('<ul>\n<li>☐ todo</li>\n<li>☑ done</li>\n</ul>\n');
    expect(renderMarkdown('3. three\n4. four')).toBe('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n');
    expect(renderMarkdown('| a | b |\n|:-:|--:|\n| 1 | 2 |')).toBe(
      '<table>\n<thead>\n<tr>\n<th align="center">a</th>\n<th align="right">b</th>\n</tr>\n</thead>\n' +
        '<tbody><tr>\n<td align="center">1</td>\n<td align="right">2</td>\n</tr>\n</tbody></table>\n',
    );
  });

  it('drops javascript:, data: and relative link targets, keeping the words', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      '<javascript:alert(1)>',
      'jav&#x61;script:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      '/admin',
    ]) {
      expect(renderMarkdown(`[click](${target})`)).toBe('<p>click</p>\n');
    }
  });

  it('shows images only from https addresses', () => {
    expect(renderMarkdown('![shot](http://img.test/a.png)')).toBe('<p>shot</p>\n');
    expect(renderMarkdown('![shot](javascript:alert(1))')).toBe('<p>shot</p>\n');
    expect(renderMarkdown('![a"b](data:image/png;base64,AAAA)')).toBe('<p>a"b</p>\n');
  });

  it('links bare addresses and e-mails', () => {
    expect(renderMarkdown('see https://example.com or a@b.co')).toBe(
      '<p>see <a href="https://example.com/" rel="nofollow noopener noreferrer">https://example.com</a> or ' +
        '<a href="mailto:a@b.co" rel="nofollow noopener noreferrer">a@b.co</a></p>\n',
    );
  });
});
