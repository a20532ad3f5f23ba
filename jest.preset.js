// Shared jest setup: TypeScript through ts-jest (transpile only; `npm run typecheck` checks types),
// workspace packages resolved to their sources so tests never need a build first.
const path = require('node:path');

const root = __dirname;

/** @param {string} dir the workspace folder */
module.exports = function preset(dir, overrides = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(dir, 'tsconfig.json'), diagnostics: false }],
    },
    moduleNameMapper: {
      '^@tracklens/kit/testing$': path.join(root, 'services/kit/src/testing/index.ts'),
      '^@tracklens/contracts/clients$': path.join(root, 'services/contracts/src/clients/index.ts'),
      '^@tracklens/contracts/testing$': path.join(root, 'services/contracts/src/testing.ts'),
      '^@tracklens/(kit|contracts)$': path.join(root, 'services/$1/src/index.ts'),
      '^@tracklens/(identity|catalog|media|analysis|planning|chat|billing)$': path.join(root, 'services/$1/src/index.ts'),
      '^@tracklens/gateway$': path.join(root, 'gateway/src/index.ts'),
    },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.test.ts'],
    testTimeout: 60_000,
    ...overrides,
  };
};
