'use strict';
// tesseract.js's own worker thread, with the engine's console output dropped: leptonica's 'Error in pixRead...'
// and whatever else the WebAssembly engine prints. A failure still reaches the caller as the job's rejection
// (and is logged there, as JSON); every line the process prints is a pino JSON line.
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace']) console[method] = () => undefined;
require('tesseract.js/src/worker-script/node');
