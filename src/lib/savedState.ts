// Tells once the saved state (a chosen currency) is back in the store, or could not be had
// (src/app/persistence.ts, loaded by main.tsx after the first render on a prerendered page): the tap
// made before the app ran is pressed again only then, so it acts on what the shopper sees.
let restored = false;
const waiting = new Set<() => void>();

/** Calls `then` once the saved state is back (at once if it is); the answer stops the wait. */
export function whenSavedStateRestored(then: () => void): () => void {
  if (restored) {
    then();
    return () => undefined;
  }
  waiting.add(then);
  return () => {
    waiting.delete(then);
  };
}

export function markSavedStateRestored(): void {
  if (restored) return;
  restored = true;
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}
