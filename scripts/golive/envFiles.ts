// .env (the SPA's build settings) and .env.functions (the function's non-secret settings): the keys the
// setup manages are set, every other line is kept as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function parseEnvFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) values[match[1]] = unquote(match[2] ?? '');
  }
  return values;
}

/** A value as dotenv reads it: the quotes around a quoted one removed. */
function unquote(raw: string): string {
  const quoted = raw.length >= 2 && (raw[0] === "'" || raw[0] === '"') && raw.endsWith(raw[0]);
  return quoted ? raw.slice(1, -1) : raw;
}

/**
 * A value written so that Vite's dotenv and firebase-tools read it back whole: in single quotes
 * (taken literally by both) when it holds a '#', a quote or edge spaces, in double quotes when it
 * holds a single quote. A line break, or both kinds of quote, cannot be written safely.
 */
export function quote(value: string): string {
  if (/[\r\n]/.test(value) || (value.includes("'") && value.includes('"'))) {
    throw new Error('A setting may not hold a line break, or both kinds of quote.');
  }
  if (!/[#"'\\]|^\s|\s$/.test(value)) return value;
  return value.includes("'") ? `"${value}"` : `'${value}'`;
}

/** The file's text with `wanted` set: existing lines updated in place, new keys appended. */
export function mergeEnvText(current: string, wanted: Readonly<Record<string, string>>): string {
  const lines = current ? current.replace(/\n$/, '').split('\n') : [];
  const left = new Map(Object.entries(wanted));
  const merged = lines.map((line) => {
    const key = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
    if (!key || !left.has(key)) return line;
    const value = left.get(key) ?? '';
    left.delete(key);
    return `${key}=${quote(value)}`;
  });
  for (const [key, value] of left) merged.push(`${key}=${quote(value)}`);
  return `${merged.join('\n')}\n`;
}

/** Writes the file when its text changes; true when it did. Owner-only: the files hold settings. */
export function writeEnvFile(path: string, wanted: Readonly<Record<string, string>>): boolean {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const next = mergeEnvText(current, wanted);
  if (next === current) return false;
  writeFileSync(path, next, { mode: 0o600 });
  return true;
}
