// sweetalert2 renders real DOM in jsdom, keeps one dialog open across tests unless told otherwise,
// and restores focus on a timer after closing.
import type { SweetAlertIcon } from 'sweetalert2';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { closeAlert } from '../../src/lib/alerts';

// sweetalert2 gives focus back this long after a dialog closes (its RESTORE_FOCUS_TIMEOUT is 100 ms).
const focusRestoreMs = 150;

/** Dismisses whatever is open, and whatever lib/alerts.ts still has queued. */
export async function dismissAlerts() {
  const { default: Swal } = await import('sweetalert2');
  for (let round = 0; round < 5; round += 1) {
    Swal.close();
    await closeAlert();
    if (!Swal.isVisible()) break;
  }
}

/**
 * Call at the top of a test file whose screens open dialogs. Loads sweetalert2 up front (the first
 * import can take longer than a findBy query waits), starts each test without a dialog, and lets
 * the last focus-restore timer run before jsdom is torn down (it would throw otherwise).
 */
export function setupAlerts() {
  beforeAll(async () => {
    await import('sweetalert2');
  });
  afterEach(dismissAlerts);
  afterAll(async () => {
    await new Promise((resolve) => setTimeout(resolve, focusRestoreMs));
  });
}

// sweetalert2's backdrop and icons are decorative, so no role or accessible name reaches them: these
// find them by the library's own class names.

/** The backdrop behind the open dialog: a click on it is a click outside the dialog. */
export function alertBackdrop(): HTMLElement {
  const backdrop = document.querySelector<HTMLElement>('.swal2-container');
  if (!backdrop) throw new Error('no sweetalert2 dialog is open');
  return backdrop;
}

/** The dialog's icon of this type (shown when its display is flex), or null. */
export function alertIcon(dialog: HTMLElement, icon: SweetAlertIcon): HTMLElement | null {
  return dialog.querySelector<HTMLElement>(`.swal2-icon.swal2-${icon}`);
}

/**
 * Records the text of every dialog that appears until stop(), however briefly: a flash also hides
 * the page behind it.
 */
export function recordDialogs(): { appeared: string[]; stop: () => void } {
  const appeared: string[] = [];
  const observer = new MutationObserver(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (dialog) appeared.push(dialog.textContent ?? '');
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { appeared, stop: () => observer.disconnect() };
}
