// sweetalert2 renders real DOM in jsdom, keeps one dialog open across tests unless told otherwise,
// and restores focus on a timer after closing.
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
