// Unit tests of the web client: jsdom, TypeScript through ts-jest with the web compiler options (as CommonJS).
const path = require('node:path');

module.exports = {
  rootDir: __dirname,
  testEnvironment: '<rootDir>/src/test/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  transform: { ...require('./jest.transform.cjs'), '^.+\\.m?js$': '<rootDir>/jest.esm-transform.cjs' },
  // node_modules are transformed too: the ES-module-only ones become CommonJS, the rest pass through.
  transformIgnorePatterns: [],
  moduleNameMapper: {
    // antd's ES build is ESM; its CommonJS build is the same code for jest.
    '^antd/es/(.*)$': 'antd/lib/$1',
    '^@ant-design/x/es/(.*)$': '@ant-design/x/lib/$1',
    '^@tracklens/contracts$': path.join(__dirname, '../services/contracts/src/index.ts'),
    '^@tracklens/contracts/(.*)$': path.join(__dirname, '../services/contracts/src/$1.ts'),
    '\\.css$': path.join(__dirname, 'src/test/style-stub.cjs'),
  },
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  testTimeout: 20_000,
};
