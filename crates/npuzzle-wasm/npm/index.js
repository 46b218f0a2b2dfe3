// Browsers and bundlers: `await init()` fetches and compiles the module
// (from beside this file, or from `input`: a URL, a Response, bytes or a
// WebAssembly.Module), then every function answers synchronously.
import initWasm from './wasm/npuzzle_wasm.js';
import { markReady } from './api.js';

export * from './api.js';

let loading;

/** Loads the WebAssembly module once; later calls return the same promise. */
export default function init(input) {
  loading ??= initWasm(input === undefined ? undefined : { module_or_path: input }).then(() => {
    markReady();
  });
  return loading;
}
