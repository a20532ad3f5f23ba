// jsdom plus the Fetch API of Node (Request, Response, fetch...), which the data router and RTK Query use, and
// the few browser APIs jsdom lacks that the page's libraries call.
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
  // dagre copies its graphs with it.
  'structuredClone',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    // jsdom does not lay out pages, so it cannot scroll; the router's scroll restoration calls this.
    this.global.scrollTo = () => undefined;
    // jsdom has no media queries; antd's responsive helpers ask them (every query answers 'no match').
    this.global.matchMedia = (media) => ({
      matches: false,
      media,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
    // antd's forms schedule work through a MessageChannel, which jsdom lacks. Node's own would keep jest
    // alive (its ports are never closed), so messages go through the page's timers instead.
    const timers = this.global;
    this.global.MessageChannel = class TimerMessageChannel {
      constructor() {
        const port = () => ({ onmessage: null, close() {}, start() {} });
        this.port1 = port();
        this.port2 = port();
        this.port1.postMessage = (data) => timers.setTimeout(() => this.port2.onmessage?.({ data }), 0);
        this.port2.postMessage = (data) => timers.setTimeout(() => this.port1.onmessage?.({ data }), 0);
      }
    };
    // jsdom does not lay out pages, so nothing ever resizes.
    this.global.ResizeObserver = class ResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
    // React Flow reads the zoom from its viewport's transform through DOMMatrixReadOnly, which jsdom lacks.
    this.global.DOMMatrixReadOnly = class DOMMatrixReadOnly {
      constructor(transform) {
        const scale = /scale\(([\d.]+)\)/.exec(typeof transform === 'string' ? transform : '');
        this.m22 = scale ? Number(scale[1]) : 1;
      }
    };
    // Nor does anything scroll into view; Ant Design X's message list watches its bottom edge with this.
    this.global.IntersectionObserver = class IntersectionObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
  }
}

module.exports = JsdomWithFetchEnvironment;
