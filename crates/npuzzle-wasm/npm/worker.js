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
  #module;

  /**
   * `options.module`: a compiled WebAssembly.Module of the engine (or a
   * promise of one), shared by workers so each does not compile its own.
   */
  constructor(options = {}) {
    this.#module = options.module;
  }

  #start() {
    this.#worker = new Worker(new URL('./worker-main.js', import.meta.url), { type: 'module' });
    if (this.#module) {
      const worker = this.#worker;
      Promise.resolve(this.#module).then(
        (module) => worker.postMessage({ module }),
        () => worker.postMessage({}),
      );
    }
    this.#worker.onmessage = (event) => {
      const { id, value, error, progress } = event.data;
      const call = this.#pending.get(id);
      if (!call) return;
      if (progress) {
        call.onProgress?.(progress);
        return;
      }
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

  #call(name, args, onProgress) {
    if (!this.#worker) this.#start();
    const worker = this.#worker;
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onProgress });
      // After the module, when one is handed over (messages keep their order).
      Promise.resolve(this.#module)
        .catch(() => undefined)
        .then(() => worker.postMessage({ id, name, args, progress: onProgress !== undefined }));
    });
  }

  /** Calls waiting or running. */
  get busy() {
    return this.#pending.size;
  }

  solve(board, options, onProgress) { return this.#call('solve', [board, options], onProgress); }
  hint(board, options) { return this.#call('hint', [board, options]); }
  count(board, options, onProgress) { return this.#call('count', [board, options], onProgress); }
  list(board, options, onProgress) { return this.#call('list', [board, options], onProgress); }
  compare(board, options) { return this.#call('compare', [board, options]); }
  board(board, options) { return this.#call('board', [board, options]); }
  random(options) { return this.#call('random', [options]); }
  distribution(options) { return this.#call('distribution', [options]); }
  render(board, options) { return this.#call('render', [board, options]); }
  version() { return this.#call('version', []); }
  limits() { return this.#call('limits', []); }
  buildDatabase(options, onProgress) { return this.#call('buildDatabase', [options], onProgress); }
  loadDatabase(bytes) { return this.#call('loadDatabase', [bytes]); }
  heldDatabases() { return this.#call('heldDatabases', []); }

  /** Stops every call waiting or running: each rejects with kind `cancelled`. */
  cancel() {
    this.#fail(npuzzleError('cancelled', 'cancelled'));
  }

  /** Stops the worker for good (a later call starts a new one). */
  terminate() {
    this.cancel();
  }
}
