// One lint setup for every workspace (create-t3-turbo style): strict TypeScript rules and config discipline.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', '**/.data/**', 'web/**', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Only the config module reads the environment (STYLE: "nothing else reads process.env").
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through loadConfig() in @tracklens/kit.' },
      ],
    },
  },
  {
    files: ['services/kit/src/config.ts', '**/src/main.ts', '**/src/*-main.ts', '**/test/**', '**/testing/**', '**/chaos/**', 'deploy/bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/test/**', '**/chaos/**', '**/*.spec.ts', '**/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
