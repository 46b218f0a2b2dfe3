// Node: the module is read from beside this file and ready when the import
// resolves, so `const np = await import('npuzzle')` is enough (`init()` is
// still exported, for code written for browsers).
import { readFile } from 'node:fs/promises';
import initWasm from './wasm/npuzzle_wasm.js';
import { markReady } from './api.js';

export * from './api.js';

const loading = readFile(new URL('./wasm/npuzzle_wasm_bg.wasm', import.meta.url))
  .then((bytes) => initWasm({ module_or_path: bytes }))
  .then(() => {
    markReady();
  });

/** Resolves once the module is ready (it already is when the import resolved). */
export default function init() {
  return loading;
}

await loading;
