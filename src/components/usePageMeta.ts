import { useEffect } from 'react';
import { pageTitle, type PageHead } from '../../domain/pageHeads';
import { getConfig } from '../lib/config';

// A hook rather than React 19's hoisted <title>: index.html already has a <title> and a description
// (so the page is titled before any script runs), and a second hoisted <title> would not replace it.
let defaultDescription: string | undefined;

function headTag(name: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.append(tag);
  }
  return tag;
}

/**
 * Sets the document title ('{title} | {store}'), the meta description and, for a page search engines
 * must not index, `robots: noindex` for the current page (the same head the build writes, see
 * domain/pageHeads.ts).
 */
export function usePageMeta({ title, description, noindex = false }: PageHead = {}) {
  useEffect(() => {
    const tag = headTag('description');
    defaultDescription ??= tag.content;
    document.title = pageTitle({ title }, getConfig().store.storeName);
    tag.content = description ?? defaultDescription;
    if (noindex) headTag('robots').content = 'noindex';
    else document.head.querySelector('meta[name="robots"]')?.remove();
  }, [title, description, noindex]);
}
