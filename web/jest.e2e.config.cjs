// Browser tests: the built app served by the all-in-one product, driven through Debian's Chromium.
const { compilerOptions } = require('./tsconfig.json');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        diagnostics: false,
        tsconfig: {
          ...compilerOptions,
          module: 'commonjs',
          moduleResolution: 'node10',
          ignoreDeprecations: '6.0',
          paths: undefined,
          types: ['jest', 'node'],
        },
      },
    ],
  },
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60_000,
};
