// Lint for the whole tree, run by `npm test` (after the typecheck). TypeScript's own checks
// (strict, noUnusedLocals, noUnusedParameters) live in tsconfig.json; this adds what the
// compiler does not see: typescript-eslint's recommended rules, the rules of hooks, and
// jsx-a11y on the React components.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-test/', '.*-building-*/', 'node_modules/', '.data/', 'tests/output/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // The compiler reports unused names (noUnusedLocals/noUnusedParameters); one report is enough.
      '@typescript-eslint/no-unused-vars': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      // A timer set after the callbacks that clear it are written (render-document.tsx).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['client/**/*.tsx', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The floors (ARCHITECTURE.md "Layout"): the web and the api never import each other, and each
  // half of the demo (server/demo/) keeps to the side that serves it.
  {
    files: ['server/web/**/*.{ts,tsx}', 'server/demo/pictures/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(api|catalog|demo/catalog)/', message: 'The web side (and the pictures it serves) never imports the api or the demo catalogue.' }] }],
    },
  },
  {
    files: ['server/api/**/*.ts', 'server/demo/catalog/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+(web|pictures|demo/pictures)/', message: 'The api side (and the demo catalogue it loads) never imports the web or the drawn pictures.' }] }],
    },
  },
  { files: ['client/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['client/**/*.tsx'],
    rules: {
      // A scrolling region is focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
);
