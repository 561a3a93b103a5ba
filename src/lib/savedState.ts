// Settles once the saved state (a chosen currency) is back in the store, or could not be had
// (src/app/persistence.ts, loaded by main.tsx after the first render on a prerendered page): the tap
// made before the app ran is pressed again only then, so it acts on what the shopper sees.
let settle: () => void = () => undefined;

export const savedStateRestored = new Promise<void>((resolve) => {
  settle = resolve;
});

export function markSavedStateRestored(): void {
  settle();
}
