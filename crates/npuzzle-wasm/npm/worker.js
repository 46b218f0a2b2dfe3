// The engine in a Web Worker, for pages: every call returns a promise and
// the page never freezes; `cancel()` stops a running search at once (the
// worker is terminated and a fresh one starts on the next call).

function npuzzleError(kind, message) {
  const error = new Error(message);
  error.name = 'NpuzzleError';
  error.kind = kind;
  return error;
}

export class NpuzzleWorker {
  #worker = null;
  #pending = new Map();
  #next = 0;

  #start() {
    this.#worker = new Worker(new URL('./worker-main.js', import.meta.url), { type: 'module' });
    this.#worker.onmessage = (event) => {
      const { id, value, error } = event.data;
      const call = this.#pending.get(id);
      if (!call) return;
      this.#pending.delete(id);
      if (error) call.reject(Object.assign(npuzzleError(error.kind, error.message), { name: error.name }));
      else call.resolve(value);
    };
    this.#worker.onerror = (event) => {
      event.preventDefault?.();
      this.#fail(npuzzleError('internal', `the npuzzle worker failed: ${event.message ?? 'unknown error'}`));
    };
  }

  #fail(error) {
    this.#worker?.terminate();
    this.#worker = null;
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }

  #call(name, args) {
    if (!this.#worker) this.#start();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, name, args });
    });
  }

  /** Calls waiting or running. */
  get busy() {
    return this.#pending.size;
  }

  solve(board, options) { return this.#call('solve', [board, options]); }
  hint(board, options) { return this.#call('hint', [board, options]); }
  count(board, options) { return this.#call('count', [board, options]); }
  list(board, options) { return this.#call('list', [board, options]); }
  compare(board, options) { return this.#call('compare', [board, options]); }
  board(board, options) { return this.#call('board', [board, options]); }
  random(options) { return this.#call('random', [options]); }
  distribution(options) { return this.#call('distribution', [options]); }
  version() { return this.#call('version', []); }

  /** Stops every call waiting or running: each rejects with kind `cancelled`. */
  cancel() {
    this.#fail(npuzzleError('cancelled', 'cancelled'));
  }

  /** Stops the worker for good (a later call starts a new one). */
  terminate() {
    this.cancel();
  }
}
