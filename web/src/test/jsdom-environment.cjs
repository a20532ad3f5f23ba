// jsdom plus the Fetch API of Node (Request, Response, fetch...), which the data router and RTK Query use.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // jsdom does not lay out pages, so it cannot scroll; the router's scroll restoration calls this.
    this.global.scrollTo = () => undefined;
  }
}

module.exports = JsdomWithFetchEnvironment;
