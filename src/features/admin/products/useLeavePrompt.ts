// The prompt that protects a page's unsaved changes (docs/admin.md, 'The product page'): closing or
// reloading the tab asks through the browser's own `beforeunload` dialog; a link inside the app (the
// dashboard menu, 'Back to Manage Products') and the browser's Back button ask first and name the sections
// with unsaved changes. The app's router is not a data router, so its blocker is not available: the links
// are held here, and Back meets a copy of this page's history entry first (see `holdBack`).
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmAction } from '../../../lib/alerts';

/** The prompt's sentence: which sections hold changes that leaving would lose. */
export function leaveText(sections: readonly string[]): string {
  const quoted = sections.map((section) => `'${section}'`);
  const named = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
  return `${named} ${sections.length === 1 ? 'has' : 'have'} changes that are not saved. Leave and lose them?`;
}

/** The in-app address a click on this target would open, or null when it is no such link. */
function linkTarget(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target && link.target !== '_self') return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  return to === here ? null : to;
}

/** Marks the copy of the page's history entry that a Back press meets first while changes are unsaved. */
const backHold = 'leavePromptHold';

/** Whether the page stands on the copy of its history entry. */
const onHeldCopy = () => (window.history.state as Record<string, unknown> | null)?.[backHold] === true;

/** Back presses the page made itself to drop its copy: the next popstate is one of them, not the seller's. */
let droppingCopy = 0;
/** The page's prompt while it has unsaved changes. */
let guard: { ask: () => Promise<boolean>; asking: boolean } | null = null;
let listening = false;

const holdCopy = () => window.history.pushState({ ...(window.history.state as object), [backHold]: true }, '');

function onPopState() {
  if (droppingCopy > 0) {
    // The copy dropped as the last changes were saved; changes typed since need it again.
    droppingCopy -= 1;
    if (guard && !onHeldCopy()) holdCopy();
    return;
  }
  const asking = guard;
  if (!asking || onHeldCopy() || asking.asking) return;
  asking.asking = true;
  void asking.ask().then((sure) => {
    asking.asking = false;
    if (!sure) return holdCopy();
    // Leaving: the Back that follows is the seller's, already answered.
    if (guard === asking) guard = null;
    window.history.back();
  });
}

/**
 * Back leaves this page's history entry. While there are unsaved changes the page stands on a copy of its
 * entry (same address and router state, so the router sees no move): Back lands on the original, the prompt
 * asks, and staying puts the copy back, leaving goes back once more. The copy goes when the changes do.
 */
function holdBack(ask: () => Promise<boolean>): () => void {
  if (!listening) {
    // One listener for the app's life, so the page's own Back presses are counted off even after it ends.
    window.addEventListener('popstate', onPopState);
    listening = true;
  }
  const mine = { ask, asking: false };
  guard = mine;
  if (!onHeldCopy()) holdCopy();
  return () => {
    if (guard === mine) guard = null;
    // Saved: a later Back must not meet a copy of the page it is on.
    if (onHeldCopy()) {
      droppingCopy += 1;
      window.history.back();
    }
  };
}

/** While `sections` is not empty, leaving the page asks first. */
export function useLeavePrompt(sections: readonly string[]): void {
  const navigate = useNavigate();
  const named = useRef(sections);
  useEffect(() => {
    named.current = sections;
  }, [sections]);
  const guarding = sections.length > 0;

  useEffect(() => {
    if (!guarding) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    // Capturing on the document runs before the router's own link handler, which is then not reached.
    const onClick = (event: MouseEvent) => {
      const to = linkTarget(event);
      if (to === null) return;
      event.preventDefault();
      event.stopPropagation();
      void confirmAction('Leave this page?', leaveText(named.current), 'Leave without saving').then((sure) => {
        // Leaving from the copy replaces it, so Back from there comes straight back here.
        if (sure) void navigate(to, { replace: onHeldCopy() });
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    const releaseBack = holdBack(() =>
      confirmAction('Leave this page?', leaveText(named.current), 'Leave without saving'),
    );
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      releaseBack();
    };
  }, [guarding, navigate]);
}
