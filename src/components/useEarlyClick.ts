import { useEffect } from 'react';
import { replayGenuineTap } from '../lib/genuineEvent';
import { whenSavedStateRestored } from '../lib/savedState';
import { appReadyName, earlyClickName } from '../../domain/pageContracts';

type EarlyWindow = Window & Partial<Record<typeof appReadyName, boolean> & Record<typeof earlyClickName, HTMLElement>>;

/**
 * Once the app has hydrated (this runs after every page component's effects) and the saved state is
 * back: from now on the app handles taps, and the button tapped before (/start.js kept it) is pressed
 * again, once.
 */
export function useEarlyClick(): void {
  useEffect(() => {
    const early = window as EarlyWindow;
    // Once the saved state is back (restored from its own chunk after the page hydrated,
    // lib/savedState): until then /start.js keeps holding taps, so neither a tap made before nor one
    // made while the saved currency is on its way is undone by it. The kept tap is pressed after a
    // task: it acts on what the shopper sees.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopWaiting = whenSavedStateRestored(() => {
      early[appReadyName] = true;
      timer = setTimeout(() => {
        const button = early[earlyClickName];
        delete early[earlyClickName];
        if (button?.isConnected) replayGenuineTap(button);
      }, 0);
    });
    return () => {
      stopWaiting();
      clearTimeout(timer);
    };
  }, []);
}
