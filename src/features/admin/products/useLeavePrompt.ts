// The prompt that protects a page's unsaved changes (docs/admin.md, 'The product page'): closing or
// reloading the tab asks through the browser's own `beforeunload` dialog; a link inside the app (the
// dashboard menu, 'Back to Manage Products') asks first and names the sections with unsaved changes.
// The app's router is not a data router, so its blocker is not available: the links are held here.
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
        if (sure) void navigate(to);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [guarding, navigate]);
}
