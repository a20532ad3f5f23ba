// One test file at a time: on NATS every analysis service of a run shares the durable consumers
// (analysis-on-video-uploaded ...), so two files' services would compete for each other's uploads.
module.exports = require('../../jest.preset')(__dirname, { maxWorkers: 1 });
