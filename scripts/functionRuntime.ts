// Which Node.js runtime the API function deploys on, and how long Google keeps it.
// firebase.json's `functions[].runtime` is the one source: the bundle's build target and its
// `engines` follow it (scripts/buildFunctions.ts), and a test fails while CI still has months to
// spare before Google stops accepting deploys on it (docs/deploy.md, 'Runtime').
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface RuntimeSchedule {
  /** From this day Google warns, though deploys still work. */
  deprecation: string;
  /** From this day functions on the runtime can no longer be created or updated. */
  decommission: string;
}

/**
 * Google's Node.js support schedule for Cloud Run functions (2nd gen), as published at
 * https://docs.cloud.google.com/run/docs/runtimes/function-runtimes ('Runtime support schedule').
 * Add the next runtime here when Google publishes it and firebase-tools accepts it.
 */
export const nodeRuntimeSchedule: Readonly<Record<string, RuntimeSchedule>> = {
  nodejs18: { deprecation: '2025-04-30', decommission: '2025-10-30' },
  nodejs20: { deprecation: '2026-04-30', decommission: '2026-10-30' },
  nodejs22: { deprecation: '2027-04-30', decommission: '2027-10-31' },
  nodejs24: { deprecation: '2028-04-30', decommission: '2028-10-31' },
};

/** What the function imports at run time: its bundle leaves these out and lists them in its package.json. */
export const functionRuntimeDependencies: readonly string[] = [
  '@google-cloud/storage',
  // PDF stamping (server/files/pdfStamp.ts); the font is read from the installed package at run time.
  '@cantoo/fontkit',
  '@cantoo/pdf-lib',
  'dejavu-fonts-ttf',
  'express',
  'express-rate-limit',
  'firebase-admin',
  'firebase-functions',
  'helmet',
  // Lesson text and any other text the store renders (server/lib/markdown.ts, server/lib/safeHtml.ts).
  'marked',
  'nodemailer',
  'sanitize-html',
  'zod',
];

/** How long before a runtime's deprecation CI starts failing, so the move is made in good time. */
export const warningDays = 90;

const dayMs = 24 * 60 * 60 * 1000;

export type RuntimeVerdict = { ok: true; daysToDeprecation: number } | { ok: false; reason: string };

/** Whether `runtime` may still be named in firebase.json on `now`. */
export function runtimeVerdict(runtime: string, now: Date): RuntimeVerdict {
  const schedule = nodeRuntimeSchedule[runtime];
  if (!schedule) return { ok: false, reason: `${runtime} is not in Google's Node.js runtime schedule.` };
  const deprecation = Date.parse(`${schedule.deprecation}T00:00:00Z`);
  const decommission = Date.parse(`${schedule.decommission}T00:00:00Z`);
  if (now.getTime() >= decommission) {
    return { ok: false, reason: `${runtime} was decommissioned on ${schedule.decommission}: deploys fail.` };
  }
  if (now.getTime() >= deprecation) {
    return { ok: false, reason: `${runtime} has been deprecated since ${schedule.deprecation}.` };
  }
  const daysToDeprecation = Math.floor((deprecation - now.getTime()) / dayMs);
  if (daysToDeprecation < warningDays) {
    return {
      ok: false,
      reason: `${runtime} is deprecated on ${schedule.deprecation}, in ${daysToDeprecation} days: move to a newer runtime.`,
    };
  }
  return { ok: true, daysToDeprecation };
}

/** The Node.js major a runtime id names: 'nodejs24' -> 24. */
export function runtimeMajor(runtime: string): number {
  const match = /^nodejs(\d+)$/.exec(runtime);
  if (!match?.[1]) throw new Error(`'${runtime}' is not a Node.js runtime id.`);
  return Number(match[1]);
}

/** The runtime firebase.json deploys the API function on. */
export function deployedRuntime(root = resolve(import.meta.dirname, '..')): string {
  const config = JSON.parse(readFileSync(resolve(root, 'firebase.json'), 'utf8')) as {
    functions?: Array<{ codebase?: string; runtime?: string }>;
  };
  const runtime = config.functions?.find((entry) => entry.codebase === 'api')?.runtime;
  if (!runtime) throw new Error("firebase.json names no runtime for the 'api' functions codebase.");
  return runtime;
}
