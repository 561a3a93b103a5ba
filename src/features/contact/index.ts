// The contact feature's public surface.
// A chunk of its own (docs/performance.md, 'What the entry leaves out').
export const loadContactPage = () => import('./components/ContactPage').then((module) => module.ContactPage);
