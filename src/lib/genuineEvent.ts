// SPEC §2: the currency switch reacts only to genuine user clicks, not scripted ones. Browsers mark
// events from real input as trusted; element.click() and dispatchEvent() make untrusted ones.
// Kept in its own module so component tests (whose events are all untrusted) can stand in a real user.
export function isGenuineUserEvent(event: { nativeEvent: Event }): boolean {
  return event.nativeEvent.isTrusted;
}
