import { useEffect } from 'react';
import { replayGenuineTap } from '../lib/genuineEvent';
import { appReadyName, earlyClickName } from '../../domain/pageContracts';

type EarlyWindow = Window & Partial<Record<typeof appReadyName, boolean> & Record<typeof earlyClickName, HTMLElement>>;

/**
 * Once the app has hydrated (this runs after every page component's effects): from now on the app
 * handles taps, and the button tapped before it ran (/start.js kept it) is pressed again, once.
 */
export function useEarlyClick(): void {
  useEffect(() => {
    const early = window as EarlyWindow;
    early[appReadyName] = true;
    // After a task: the saved state (restored from storage in promise callbacks once the page has
    // hydrated, app/AppProviders) is in place first, so the tap acts on what the shopper sees.
    const timer = setTimeout(() => {
      const button = early[earlyClickName];
      delete early[earlyClickName];
      if (button?.isConnected) replayGenuineTap(button);
    }, 0);
    return () => clearTimeout(timer);
  }, []);
}
