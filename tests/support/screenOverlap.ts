// What the storefront's fixed controls (the logo, the currency switch, the floating menu with its panel
// or its peek) cover on the page under them, measured in a real browser from bounding boxes.
import type { Page } from 'playwright-core';

/** The widths every page is checked at: two phones and a laptop. */
export const screens = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

/**
 * One line per control or piece of text inside the page's main area that a fixed control of the shell
 * covers, e.g. 'the logo (Digital Store home) covers the input "Search products"'. Empty when nothing is
 * covered. Text is measured line by line (a text node's client rects), controls by their own boxes; only
 * what is drawn counts (a faded-out switch or a hidden panel covers nothing).
 */
export function coveredByFixedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.getElementById('main');
    const shell = main?.parentElement;
    if (!main || !shell) return ['the page has no main area'];

    const drawn = (el: Element): boolean => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
        if (node.classList.contains('sr-only') || node.hasAttribute('hidden')) return false;
      }
      return true;
    };
    const boxes = (rects: Iterable<DOMRect>) => [...rects].filter((r) => r.width > 1 && r.height > 1);
    const meets = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

    const fixedControls = [...shell.children]
      .filter((el) => el !== main && getComputedStyle(el).position === 'fixed' && drawn(el))
      .map((el) => {
        const name =
          el.getAttribute('aria-label') ??
          el.querySelector('[aria-label]')?.getAttribute('aria-label') ??
          el.textContent?.trim() ??
          el.tagName;
        const parts = [el, ...el.querySelectorAll('*')].filter(drawn);
        return { name, rects: parts.flatMap((part) => boxes([part.getBoundingClientRect()])) };
      });

    const targets: { what: string; rects: DOMRect[] }[] = [];
    const controls = main.querySelectorAll('a[href], button, input, textarea, select, label, [role="switch"]');
    for (const control of controls) {
      if (!drawn(control)) continue;
      const name =
        control.getAttribute('aria-label') ??
        (control as HTMLInputElement).labels?.[0]?.textContent?.trim() ??
        control.textContent?.trim().slice(0, 40);
      targets.push({ what: `the ${control.tagName.toLowerCase()} "${name}"`, rects: boxes(control.getClientRects()) });
    }
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || !node.parentElement || !drawn(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      targets.push({ what: `the text "${text.slice(0, 40)}"`, rects: boxes(range.getClientRects()) });
    }

    const found: string[] = [];
    for (const fixed of fixedControls) {
      for (const target of targets) {
        if (fixed.rects.some((f) => target.rects.some((t) => meets(f, t)))) {
          found.push(`${fixed.name} covers ${target.what}`);
        }
      }
    }
    return found;
  });
}
