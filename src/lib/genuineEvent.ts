// The currency switch reacts only to genuine user clicks, not scripted ones (docs/storefront.md). Browsers
// mark events from real input as trusted; element.click() and dispatchEvent() make untrusted ones.
// Kept in its own module so component tests (whose events are all untrusted) can stand in a real user.
export function isGenuineUserEvent(event: { nativeEvent: Event }): boolean {
  return event.nativeEvent.isTrusted || replayedTaps.has(event.nativeEvent);
}

// A real tap made before the app ran (/start.js records only trusted ones) is pressed again by the
// app once it runs (components/useEarlyClick); that replay stands for the shopper's own tap.
const replayedTaps = new WeakSet<Event>();

/** Presses `target` again for a genuine tap the app was not there to handle. */
export function replayGenuineTap(target: HTMLElement): void {
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  replayedTaps.add(click);
  target.dispatchEvent(click);
}
