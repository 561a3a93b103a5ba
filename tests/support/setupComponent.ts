import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { server, useMsw } from './msw';

// Two test workers share the machine's cores (vitest.config.ts): give findBy and waitFor the time a
// busy core needs, not the default second.
configure({ asyncUtilTimeout: 4000 });

// Registered first, so its handlers are reset after the screen is unmounted below.
useMsw(server);
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not implement scrolling; the shell scrolls to top on every route change.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = function scrollIntoView() {};

// sweetalert2 asks matchMedia about reduced motion; jsdom has no matchMedia.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
