// System Chromium or Chrome for e2e (playwright-core never downloads a browser here).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export function findChrome(): string {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chrome or Chromium found for the browser tests. Install one (Debian/Ubuntu: apt-get install chromium) or set CHROME_PATH.',
    );
  }
  return found;
}

const launchOptions = () => ({
  executablePath: findChrome(),
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/**
 * One Chromium for the whole e2e run (started by its global setup): each file connects to it and
 * works in fresh contexts, which share no cookies, storage or cache with any other context.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

/** Connects to the e2e run's Chromium; closing the returned Browser closes the contexts it opened. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}
