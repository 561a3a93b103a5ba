// The boot scripts are text the build emits as classic scripts (scripts/bootScripts.ts); the tests
// compile that text themselves, as the browser would.

/** The script text as a function of the globals named in `parameters` (none: the real globals). */
export function compileInlineScript(source: string, ...parameters: string[]): (...globals: unknown[]) => void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the built script text is the point of these tests
  return new Function(...parameters, source) as (...globals: unknown[]) => void;
}
