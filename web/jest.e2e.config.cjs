// Browser tests: the built app served by the all-in-one product, driven through Debian's Chromium.

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.test.ts'],
  transform: require('./jest.transform.cjs'),
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60_000,
};
