// /early-query.js: a list page's first Firestore query, sent from the HTML while the app's
// JavaScript downloads (see src/lib/earlyQuery.ts for the app's side). It sends the query of the page
// it is on (none on other pages); when the answer names the first cover, it preloads it at the card's
// display widths with high priority and draws the first covers into the grid's placeholders, so the
// likely largest paint does not wait for React.
// Built on its own as a classic async script (scripts/bootScripts.ts): it runs before any module, so
// it imports nothing that is not inlined into it, and never React or the app.
import {
  cardCoverHeight,
  cardCoverSizes,
  cardCoverWidth,
  cardCoverWidths,
  imageSrcSet,
  resizedImageUrl,
} from '../../domain/images';
import { earlyCoverAttribute, earlyGlobalName } from '../../domain/pageContracts';
import { earlyQueryBodies, type EarlyQuery } from '../lib/earlyQuery';

/** The runQuery endpoint of the configured Firestore, written in by the build (scripts/bootScripts.ts). */
declare const __EARLY_QUERY_URL__: string;

interface RunQueryItem {
  document?: { fields?: { coverImageUrl?: { stringValue?: string } } };
}

const largestCardCover = cardCoverWidths[cardCoverWidths.length - 1] ?? cardCoverWidth;

const coverOf = (item: RunQueryItem | undefined) => item?.document?.fields?.coverImageUrl?.stringValue;

function preloadCover(answer: RunQueryItem[] | null) {
  const cover = coverOf(answer?.[0]);
  const srcset = cover && imageSrcSet(cover, cardCoverWidths);
  if (!srcset) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.setAttribute('imagesrcset', srcset);
  link.setAttribute('imagesizes', cardCoverSizes);
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

// The answer's covers in the grid's placeholders (components/ProductList), shown as the cards will
// show them (components/CoverImage), so the page's likely largest paint does not wait for the app.
function showCovers(answer: RunQueryItem[]): HTMLImageElement | null {
  let first: HTMLImageElement | null = null;
  const slots = document.querySelectorAll(`[${earlyCoverAttribute}]`);
  let n = 0;
  for (let i = 0; i < answer.length && n < slots.length; i++) {
    const found = answer[i];
    if (!found?.document) continue;
    const slot = slots[n++];
    const cover = coverOf(found);
    const srcset = cover && imageSrcSet(cover, cardCoverWidths);
    if (!cover || !srcset || !slot || slot.firstChild) continue;
    const img = document.createElement('img');
    img.src = resizedImageUrl(cover, largestCardCover);
    img.setAttribute('srcset', srcset);
    img.setAttribute('sizes', cardCoverSizes);
    img.alt = '';
    img.width = cardCoverWidth;
    img.height = cardCoverHeight;
    img.decoding = 'async';
    img.className = 'h-full w-full object-cover';
    img.setAttribute('loading', n === 1 ? 'eager' : 'lazy');
    if (n === 1) img.setAttribute('fetchpriority', 'high');
    slot.appendChild(img);
    slot.className = slot.className.replace('animate-pulse', '');
    if (n === 1) first = img;
  }
  return first;
}

function whenParsed(run: () => void) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run);
  else run();
}

function sendEarlyQuery(url: string) {
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  const body = earlyQueryBodies()[path];
  // A browser too old for the app gets no early query either.
  if (!body || !window.fetch || !window.Promise) return;
  const answer = fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body,
    credentials: 'omit',
  })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then(
      (answer) => {
        try {
          preloadCover(Array.isArray(answer) ? answer : null);
        } catch {
          // The preload only speeds the cover up; the answer is what the app needs.
        }
        return answer;
      },
      () => null,
    );
  // Settles once the first cover is on screen (or there is none to show): /start.js requests the
  // app after it, so the cover does not share a slow connection with the app's JavaScript.
  const shown = answer.then(
    (answer) =>
      new Promise<void>((resolve) => {
        if (!Array.isArray(answer) || !answer.length) return resolve();
        whenParsed(() => {
          let img: HTMLImageElement | null = null;
          try {
            // Each item is checked as it is read: the answer's shape is only what Firestore should send.
            img = showCovers(answer as RunQueryItem[]);
          } catch {
            // A page whose placeholders are not as expected: the app draws the covers.
          }
          if (!img || img.complete) return resolve();
          img.addEventListener('load', () => resolve());
          img.addEventListener('error', () => resolve());
        });
      }),
  );
  const early: EarlyQuery = { path, answer, shown };
  (window as unknown as Record<string, unknown>)[earlyGlobalName] = early;
}

sendEarlyQuery(__EARLY_QUERY_URL__);
