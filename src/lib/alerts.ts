// sweetalert2 only through here (docs/architecture.md, 'Conventions'), imported on first use so shoppers
// who never see a dialog never download it. Calls run in order, so a close() issued while the library is
// still loading closes the dialog that was opened before it; a loading dialog closed before it could open
// is not opened at all (it would flash up over content that is already there).
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { fallbackMessage } from './errors';

type Swal = typeof import('sweetalert2').default;

let swalPromise: Promise<Swal> | undefined;
let chain: Promise<unknown> = Promise.resolve();

function loadSwal(): Promise<Swal> {
  swalPromise ??= import('sweetalert2').then((module) => module.default);
  return swalPromise;
}

function enqueue<T>(task: (swal: Swal) => T | Promise<T>): Promise<T> {
  const next = chain.then(async () => task(await loadSwal()));
  chain = next.catch(() => undefined);
  return next;
}

// The loading dialogs asked for but not opened yet. closeAlert() withdraws them: without this, a
// list whose data came before sweetalert2 finished downloading would show 'Please wait...' after
// its products, hiding them from assistive technology until the dialog's closing animation ends.
const unopenedLoading = new Set<symbol>();

const brand = '#067647';

// Every dialog gives the focus back to what had it the moment it starts closing. sweetalert2's own
// return comes on a timer after the closing animation: by then the next step (a menu opened by
// keyboard, a field focused) may hold the focus, and would lose it to that late return. A dialog that
// replaces one still open gives it back where the first one found it, as sweetalert2 does.
let opener: HTMLElement | null = null;

function fire(swal: Swal, options: SweetAlertOptions): Promise<SweetAlertResult> {
  if (!opener || !swal.isVisible()) {
    opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  return swal.fire({
    ...options,
    returnFocus: false,
    willClose: () => {
      const back = opener;
      opener = null;
      back?.focus({ preventScroll: true });
    },
  });
}

/** A blocking dialog ('Please wait...', 'Searching products...'): no outside click or Escape closes it. */
export function showLoading(title: string): Promise<void> {
  const request = Symbol(title);
  unopenedLoading.add(request);
  return enqueue((swal) => {
    if (!unopenedLoading.delete(request)) return;
    void fire(swal, {
      title,
      allowOutsideClick: false,
      allowEscapeKey: false,
      showConfirmButton: false,
      // didOpen runs on a timer. If the dialog was closed (or replaced) before it fires,
      // swal.showLoading() would open a fresh dialog that nothing ever closes: a fast answer
      // would leave the page blocked behind 'Please wait...'.
      didOpen: (popup) => {
        if (swal.getPopup() === popup) swal.showLoading();
      },
    });
  });
}

export function closeAlert(): Promise<void> {
  unopenedLoading.clear();
  return enqueue((swal) => {
    swal.close();
  });
}

/** A message the person must acknowledge; resolves when it is dismissed. */
export function showMessage(icon: SweetAlertIcon, title: string, text?: string): Promise<void> {
  return enqueue(async (swal) => {
    await fire(swal, { icon, title, text, confirmButtonColor: brand });
  });
}

export const showError = (title: string, text?: string) => showMessage('error', title, text);
export const showSuccess = (title: string, text?: string) => showMessage('success', title, text);
export const showInfo = (title: string, text?: string) => showMessage('info', title, text);

/** A short success message that closes itself after `ms` (e.g. logout: 2,000 ms). */
export function showTimedSuccess(title: string, ms: number): Promise<void> {
  return enqueue(async (swal) => {
    await fire(swal, { icon: 'success', title, timer: ms, showConfirmButton: false });
  });
}

/** Asks before a destructive action; true when confirmed. */
export function confirmAction(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  return enqueue(async (swal) => {
    const result = await fire(swal, {
      icon: 'warning',
      title,
      text,
      showCancelButton: true,
      confirmButtonText,
      confirmButtonColor: '#b42318',
    });
    return result.isConfirmed;
  });
}

/**
 * An event handler (onSubmit, onClick...) that runs an async action. React ignores what a handler
 * returns, so a failure the action did not handle itself would be an unhandled rejection and the
 * person would see nothing happen: it is shown as the generic error instead.
 */
export function asyncHandler<Args extends unknown[]>(action: (...args: Args) => Promise<unknown>) {
  return (...args: Args): void => {
    action(...args)
      .catch(() => showError('Error', fallbackMessage))
      // The dialog library itself failed to load: nothing is left to tell the person with.
      .catch(() => undefined);
  };
}
