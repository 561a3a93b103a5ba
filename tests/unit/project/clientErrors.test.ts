// The SPA's one error path (docs/architecture.md, 'Errors in the SPA'): failures become an AppError in
// src/lib/errors.ts alone, and RTK Query endpoints catch through runQuery in src/lib/api.ts alone. A
// feature passes its own words (ErrorWords); it never reads a status or a Firebase code into an AppError.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path).replaceAll('\\', '/')] : [];
  });
}

interface Rule {
  name: string;
  /** The files allowed to do it. */
  home: string[];
  breaks: (text: string) => boolean;
}

const readsAnswer = /instanceof HttpError|\.serverMessage\b/;

/**
 * How code gets at an answer's status or sentence: narrowing to HttpError, reading its sentence, or a
 * caught value's status or body (`error.status < 500`, `'status' in error`).
 */
const readsAnswerParts =
  /instanceof HttpError|\bas HttpError\b|\.serverMessage\b|['"]status['"]\s+in\s|\b(error|err|caught|failure|cause|e)\??\.(status|body)\b/;

const rules: Rule[] = [
  {
    name: 'builds an AppError from an HTTP answer',
    home: ['src/lib/errors.ts'],
    breaks: (text) => readsAnswer.test(text) && /\bAppError\b/.test(text),
  },
  {
    name: 'reads an HTTP answer’s status or sentence into words itself',
    home: ['src/lib/errors.ts', 'src/lib/http.ts'],
    breaks: (text) => readsAnswerParts.test(text),
  },
  {
    name: 'spells a status into an error code',
    home: ['src/lib/errors.ts'],
    breaks: (text) => /\bhttp[-/]\$\{/.test(text) || /['"`]http[-/]\d{3}\b/.test(text),
  },
  {
    name: 'reads a raw Firebase code into words',
    home: ['src/lib/errors.ts'],
    breaks: (text) => /['"]firestore\/['"]|\/\^firestore\\\/\/|\.code\.replace\(/.test(text),
  },
  {
    name: 'holds a table of words keyed by Firebase codes',
    home: ['src/lib/errors.ts', 'src/lib/authErrors.ts'],
    breaks: (text) => /['"](auth\/[a-z-]+|permission-denied|unavailable|deadline-exceeded)['"]\s*:\s*['"]/.test(text),
  },
  {
    name: 'catches into an RTK Query error result (a call<T> copy)',
    home: ['src/lib/api.ts'],
    breaks: (text) => /return\s*\{\s*error\s*:/.test(text) || /\{\s*data\s*:\s*T\s*\}\s*\|\s*\{\s*error\s*:/.test(text),
  },
  {
    name: 'has an RTK Query endpoint that does not go through runQuery',
    home: ['src/lib/api.ts'],
    breaks: (text) => (text.match(/\bqueryFn\b/g) ?? []).length > (text.match(/\brunQuery(<[^>]*>+)?\(/g) ?? []).length,
  },
  {
    name: 'makes an RTK Query API or base query of its own',
    home: ['src/lib/api.ts'],
    breaks: (text) => /\b(createApi|fakeBaseQuery|fetchBaseQuery)\s*[(<]/.test(text),
  },
];

// The spellings this path replaced, so each rule is seen to catch what it is for.
const copies: Record<string, string> = {
  'builds an AppError from an HTTP answer': `function contactError(error: unknown): AppError {
  if (error instanceof HttpError && error.status === 429 && error.serverMessage) {
    return { code: 'resource-exhausted', message: error.serverMessage };
  }
  return { code: 'network', message: fallbackMessage };
}`,
  'reads an HTTP answer’s status or sentence into words itself': `function checkoutFailed(dispatch: Dispatch, error: unknown) {
  if (error instanceof HttpError && error.status < 500 && error.serverMessage) {
    void showError(error.serverMessage);
  } else {
    const reason = error instanceof HttpError ? error.serverMessage : messages.connection;
    void showError(messages.paymentFailed(reason ?? messages.unknownError));
  }
}`,
  'spells a status into an error code':
    'const failure = { code: `http-${error.status}`, message: error.serverMessage ?? fallbackMessage };',
  'reads a raw Firebase code into words': "const code = error.code.replace(/^firestore\\//, '');",
  'holds a table of words keyed by Firebase codes':
    "const words = { 'permission-denied': 'You do not have permission to do that.' };",
  'catches into an RTK Query error result (a call<T> copy)': `async function call<T>(load: () => Promise<T>): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: libraryError(error) };
  }
}`,
  'has an RTK Query endpoint that does not go through runQuery': `sendContactMessage: build.mutation<null, ContactMessage>({
  queryFn: async (message) => {
    try {
      await postJson(getConfig().contactUrl, message);
      return { data: null };
    } catch (error) {
      return { error: contactError(error) };
    }
  },
}),`,
  'makes an RTK Query API or base query of its own':
    "const own = createApi({ baseQuery: fetchBaseQuery({ baseUrl: '/api' }) });",
};

const files = sources(join(root, 'src'));

describe('one client error path', () => {
  it('finds the SPA’s sources', () => {
    expect(files).toContain('src/lib/errors.ts');
    expect(files).toContain('src/features/library/api/libraryApi.ts');
  });

  it.each(rules.map((rule) => [rule.name, rule] as const))(
    'each rule catches the copy it replaced: %s',
    (name, rule) => {
      expect(rule.breaks(copies[name] ?? '')).toBe(true);
    },
  );

  it.each([
    "if (error instanceof HttpError && error.status === 404) return 'gone';",
    'const reason = (error as HttpError).serverMessage;',
    "if (typeof error === 'object' && error !== null && 'status' in error) return error;",
    'const transient = caught.status >= 500;',
    'const sentence = error?.body;',
  ])('catches every way of reading an answer by hand: %s', (copy) => {
    const rule = rules.find((each) => each.name === 'reads an HTTP answer’s status or sentence into words itself');
    expect(rule?.breaks(copy)).toBe(true);
  });

  it.each(rules.map((rule) => [rule.name, rule] as const))('no file in src/ but its home %s', (_name, rule) => {
    const offenders = files.filter(
      (file) => !rule.home.includes(file) && rule.breaks(readFileSync(join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
