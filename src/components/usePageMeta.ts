import { useEffect } from 'react';
import { getConfig } from '../lib/config';

// A hook rather than React 19's hoisted <title>: index.html already has a <title> and a description
// (so the page is titled before any script runs), and a second hoisted <title> would not replace it.
let defaultDescription: string | undefined;

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets the document title ('{title} | {store}') and meta description for the current page. */
export function usePageMeta(title?: string, description?: string) {
  useEffect(() => {
    const { storeName } = getConfig().store;
    const tag = descriptionTag();
    defaultDescription ??= tag.content;
    document.title = title ? `${title} | ${storeName}` : storeName;
    tag.content = description ?? defaultDescription;
  }, [title, description]);
}
