import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { isLocal, server } from './msw';

// Two test workers share the machine's cores (vitest.config.ts): give findBy and waitFor the time a
// busy core needs, not the default second.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      if (!isLocal(request.url)) print.error();
    },
  });
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

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
