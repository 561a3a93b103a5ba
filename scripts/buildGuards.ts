// What a production build of the SPA must not contain (docs/security.md): the demo payment button or the
// emulator wiring would ship to real shoppers. Checked by vite.config.ts before a `production`
// build; the e2e build and the local cloud use their own modes ('e2e', 'development').

/** Variables that switch local-only behaviour on in the bundle. */
export const localOnlyFlags = ['VITE_DEMO_PAYMENTS', 'VITE_USE_EMULATORS'] as const;

function isOn(value: string | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** The problem with this build environment in one readable paragraph, or null when it is fine. */
export function productionBuildProblem(mode: string, env: Record<string, string | undefined>): string | null {
  if (mode !== 'production') return null;
  const on = localOnlyFlags.filter((name) => isOn(env[name]));
  if (on.length === 0) return null;
  return (
    `Refusing a production build with ${on.map((name) => `${name}=${env[name] ?? ''}`).join(' and ')}: ` +
    'the bundle would offer demo payments or talk to local emulators. Unset them (or set them to 0) in ' +
    'the environment and .env files, or build for the local stack with `vite build --mode e2e`.'
  );
}
