import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import tseslint from 'typescript-eslint';

// Typed hooks only: the raw react-redux hooks know nothing of RootState or AppDispatch, so src/app/hooks.ts
// wraps them once. Firestore Lite only in the SPA (docs/architecture.md, 'Conventions').
const restrictedPaths = [
  {
    name: 'react-redux',
    importNames: ['useSelector', 'useDispatch', 'useStore'],
    message: 'Use useAppSelector / useAppDispatch / useAppStore from app/hooks.',
  },
  { name: 'firebase/firestore', message: 'The storefront uses firebase/firestore/lite (docs/architecture.md).' },
];

// Firebase (Auth included) is reached only through src/lib/ and the features' api/ folders, so tests
// can mock it at those modules (docs/architecture.md, 'Conventions').
const firebaseElsewhere = {
  group: ['firebase', 'firebase/*'],
  message: 'Only src/lib/ and features/*/api/ import Firebase (docs/architecture.md); call their functions instead.',
};

// Read from the folders, so a new feature is fenced in without anyone editing this file.
const featureNames = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const publicSurfaces = featureNames.map((name) => `./${name}/index.ts`);

// A feature reaches another only through its public surface (features/<name>/index.ts), and the app
// layer composes features through the same surfaces (docs/architecture.md, 'Conventions'). Shared
// code reaches into neither.
const boundaryZones = [
  ...featureNames.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`, ...publicSurfaces.filter((surface) => surface !== `./${name}/index.ts`)],
    message: 'Import another feature only through its index.ts.',
  })),
  {
    target: ['./src/App.tsx', './src/main.tsx', './src/app'],
    from: './src/features',
    except: publicSurfaces,
    message: 'The app layer imports a feature only through its index.ts.',
  },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app', './src/App.tsx'],
    message: 'Shared code must not import features or the app layer.',
  },
];

// The layers around the SPA: server/, local/ and scripts/ never import src/ (the build reaches the
// app only through its SSR bundle), and domain/, which every side imports, imports nothing outside
// itself: no other folder and no package, so it runs unchanged in the browser, the API and the tools.
const layerZones = [
  {
    target: ['./server', './local', './scripts'],
    from: './src',
    message: 'Only the SPA imports src/; move what both sides need to domain/.',
  },
  {
    target: './domain',
    from: '.',
    except: ['./domain'],
    message: 'domain/ imports nothing outside domain/.',
  },
];
const layerConfig = {
  files: ['domain/**/*.ts', 'server/**/*.ts', 'local/**/*.ts', 'scripts/**/*.{ts,mjs}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    // The API, the local cloud and the scripts keep an acyclic module graph, as the SPA does; folders
    // of server/ are held acyclic too, by tests/unit/project/serverFolders.test.ts.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};
const domainWithoutPackages = {
  files: ['domain/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: '^(?!\\.{1,2}/)', message: 'domain/ imports no package: it is plain TypeScript.' }] },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'coverage', 'tests/.artifacts'] },
  js.configs.recommended,
  // Type-aware linting -------------------------------------------------------------------------------
  // Every TypeScript file is linted with its own project's types (tsconfig.json references the app, node,
  // node-dom and domain projects; the project service finds the one that includes a file).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Failures are mapped once to plain { code, message } objects (src/lib/errors.ts) that the store
      // and RTK Query can hold; throwing one is the design, not a slip.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'file', name: 'AppError' }] }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.stringMatching...) are typed any: an object of
      // expected values holds them everywhere.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      // Test doubles implement async interfaces with bodies that have nothing to await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  // The few plain JavaScript files (config files, the rules script) belong to no TypeScript project.
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  // ---------------------------------------------------------------------------------------------------
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // The SPA's relative imports name no extension; resolve them as TypeScript does, and parse
      // TypeScript modules when following imports (without these no-cycle sees no graph at all).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: restrictedPaths, patterns: [firebaseElsewhere] }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/features/*/api/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: restrictedPaths }] },
  },
  // The scripts that run before the app (src/boot) are built on their own into tiny classic scripts
  // (scripts/bootScripts.ts): no package (React, Firebase, Redux) and nothing of the app may reach them.
  {
    files: ['src/boot/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^[^.]', message: "A boot script imports only the project's small pure modules." }] },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/boot',
              from: ['./src/features', './src/app', './src/components', './src/App.tsx', './src/main.tsx'],
              message: 'A boot script runs before the app: it must not pull the app in.',
            },
          ],
        },
      ],
    },
  },
  // The one place that wraps react-redux's hooks with the store's types.
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [firebaseElsewhere] }] },
  },
  layerConfig,
  domainWithoutPackages,
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // Accessibility and Testing Library ----------------------------------------------------------------
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.tsx'],
    rules: {
      // As recommended, plus labelled regions: a region that scrolls sideways (a wide table on a phone)
      // must be focusable, or keyboard users cannot scroll it.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  { files: ['tests/component/**/*.{ts,tsx}', 'tests/support/*.tsx'], ...testingLibrary.configs['flat/react'] },
  {
    // These work on the prerendered HTML and run the inline scripts before React, or Testing Library's
    // render, has touched the page: plain DOM work is what they test.
    files: ['tests/component/prerender/**'],
    rules: { 'testing-library/no-node-access': 'off', 'testing-library/render-result-naming-convention': 'off' },
  },
  // ---------------------------------------------------------------------------------------------------
);
