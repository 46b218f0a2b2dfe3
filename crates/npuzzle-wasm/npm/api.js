// The functions every entry point exports: the engine's, guarded so that a
// call before the WebAssembly module is ready says so instead of crashing.
import * as engine from './wasm/npuzzle_wasm.js';

let ready = false;

/** Marks the module ready (called by the entry points once it is). */
export function markReady() {
  ready = true;
}

function guard(name) {
  return (...args) => {
    if (!ready) {
      const error = new Error(`npuzzle is not initialised yet: \`await init()\` (the default export) before calling ${name}()`);
      error.name = 'NpuzzleError';
      error.kind = 'init';
      throw error;
    }
    return engine[name](...args);
  };
}

export const solve = guard('solve');
export const hint = guard('hint');
export const count = guard('count');
export const list = guard('list');
export const compare = guard('compare');
export const board = guard('board');
export const random = guard('random');
export const distribution = guard('distribution');
export const render = guard('render');
export const version = guard('version');
export const limits = guard('limits');
export const buildDatabase = guard('buildDatabase');
export const loadDatabase = guard('loadDatabase');
export const heldDatabases = guard('heldDatabases');
