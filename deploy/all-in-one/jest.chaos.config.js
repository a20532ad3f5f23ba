// The chaos suite (npm run test:chaos): kills and restarts the processes of the distributed start on PostgreSQL
// and NATS. Its own folder and config, so neither npm test nor test:integration runs it.
module.exports = require('../../jest.preset')(__dirname, {
  testMatch: ['<rootDir>/chaos/**/*.test.ts'],
  testTimeout: 180_000,
});
