import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Typed hooks only (STYLE: Redux Toolkit template), and Firestore Lite only in the SPA (DESIGN §5).
const restrictedPaths = [
  {
    name: 'react-redux',
    importNames: ['useSelector', 'useDispatch'],
    message: 'Use useAppSelector / useAppDispatch from app/hooks.',
  },
  { name: 'firebase/firestore', message: 'The storefront uses firebase/firestore/lite (DESIGN §5).' },
];

const featureNames = ['catalog', 'search', 'currency', 'checkout', 'contact', 'admin'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'coverage', 'tests/.artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Typed hooks only (STYLE: Redux Toolkit template).
      'no-restricted-imports': [
        'error',
        {
          paths: restrictedPaths,
        },
      ],
    },
  },
  // Shared code never reaches up into features or the app layer (STYLE §1).
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: restrictedPaths,
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code must not import features or the app layer.',
            },
          ],
        },
      ],
    },
  },
  // A feature never imports another feature's internals (STYLE §1).
  ...featureNames.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: restrictedPaths,
          patterns: [
            {
              group: featureNames
                .filter((other) => other !== name)
                .flatMap((other) => [`**/features/${other}/*/**`, `**/${other}/components/**`, `**/${other}/api/**`]),
              message: 'Features do not import each other’s internals; move shared pieces to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  // The one place that wraps react-redux's hooks with the store's types.
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
