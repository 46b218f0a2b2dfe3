// Talking to the engine: `npuzzle serve`'s API, or — on the static site
// (`<meta name="npuzzle-engine" content="wasm">`) — the npm package's engine
// in a Web Worker per channel. Either way a request is the API's path and
// body, and the answer is the record's data. Each channel keeps one request
// in flight: a new one aborts the old (the server then cancels its search;
// the worker is terminated) and a late reply for an older board is dropped
// by the caller's version check.

/** "server" or "wasm": which engine answers this page. */
export const ENGINE = document.querySelector('meta[name="npuzzle-engine"]')?.content === 'wasm' ? 'wasm' : 'server';

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body, signal) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError('the server cannot be reached: is `npuzzle serve` still running?', 0);
  }
  // A picture (`/api/render`) is the answer itself, not a record: SVG as
  // text, a raster picture (a GIF) as a blob.
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith('image/svg+xml')) return { data: await response.text() };
  if (response.ok && type.startsWith('image/')) return { data: await response.blob() };
  let record = null;
  try {
    record = await response.json();
  } catch {
    // Not JSON: fall through to the status.
  }
  if (!response.ok || !record) {
    const message = record?.data?.message ?? `the server answered ${response.status}`;
    throw new ApiError(message, response.status);
  }
  return record;
}

let workerModule = null;

let engineModule = null;

// The package's worker class, loaded on first use (the server's page never loads it).
function loadWorker() {
  workerModule ??= import('./npuzzle/worker.js');
  return workerModule;
}

// The engine compiled once for every channel's worker (a host that serves
// .wasm without its MIME type gets the slower path).
function compiledEngine() {
  const url = new URL('./npuzzle/wasm/npuzzle_wasm_bg.wasm', import.meta.url);
  engineModule ??= WebAssembly.compileStreaming(fetch(url)).catch(() =>
    fetch(url)
      .then((r) => r.arrayBuffer())
      .then((bytes) => WebAssembly.compile(bytes)),
  );
  return engineModule;
}

// Requests answered in milliseconds (table lookups on boards of up to
// `exhaustive_max_cells`, reading or drawing a board, the limits): superseded
// ones are dropped, not stopped, so the worker and its tables are kept.
function quick(path, body) {
  if (['/api/board', '/api/random', '/api/limits', '/api/render'].includes(path) || path.startsWith('/api/stats')) return true;
  const [w, h] = String(body?.size ?? '').split('x').map(Number);
  return w * h <= (known?.exhaustive_max_cells ?? 0);
}

// ---- the engine's limits ----

let limitsAnswer = null; // Promise of the limits record's data
let known = null; // that data, once it has come

// A page never searches without end: where the engine has no default time
// budget (the browser package has none of its own), the page applies this.
const PAGE_TIMEOUT_MS = 10000;

/**
 * The engine's limits record (`GET /api/limits`, or the package's
 * `limits()`): which boards are answered from tables, compared or hinted,
 * and the default and largest time budgets (the page's own default where
 * the engine has none). Asked once.
 */
export function engineLimits() {
  limitsAnswer ??= (async () => {
    const channel = new Channel();
    try {
      const record = await channel.send('GET', '/api/limits');
      known = { ...record, default_timeout_ms: record.default_timeout_ms ?? PAGE_TIMEOUT_MS };
      return known;
    } finally {
      channel.worker?.terminate(); // its own worker is not needed again
    }
  })();
  return limitsAnswer;
}

// ---- the 15-puzzle's databases in the browser ----
// Built once per goal in a worker of their own (about 5 s, 5.5 MiB), kept
// in IndexedDB for later visits, and handed to each channel's worker before
// its first 15-puzzle search.

const DB_NAME = 'npuzzle';
const DB_STORE = 'databases';
const DATABASE_SIZES = new Set(['4x4']);
let progressHook = () => {};
const databaseBytes = new Map(); // "WxH|goal" -> Promise<Uint8Array | null>

/** Calls `hook({ done, total })` while databases are built (and with null when done). */
export function onDatabaseProgress(hook) {
  progressHook = hook;
}

function openStore() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(DB_STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function stored(key) {
  const db = await openStore();
  return new Promise((resolve) => {
    const get = db.transaction(DB_STORE).objectStore(DB_STORE).get(key);
    get.onsuccess = () => resolve(get.result ?? null);
    get.onerror = () => resolve(null);
  });
}

async function store(key, bytes) {
  const db = await openStore();
  return new Promise((resolve) => {
    const tx = db.transaction(DB_STORE, 'readwrite');
    tx.objectStore(DB_STORE).put(bytes, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => resolve();
  });
}

// The bytes of the databases for `size` and `goal`: kept, or built now.
function databasesFor(size, goal) {
  const key = `${size}|${goal ?? 'standard'}`;
  if (!databaseBytes.has(key)) {
    databaseBytes.set(
      key,
      (async () => {
        const kept = await stored(key).catch(() => null);
        if (kept) return kept;
        const { NpuzzleWorker } = await loadWorker();
        const builder = new NpuzzleWorker({ module: compiledEngine() });
        try {
          const bytes = await builder.buildDatabase({ size, goal }, (p) => progressHook(p));
          await store(key, bytes).catch(() => undefined);
          return bytes;
        } finally {
          progressHook(null);
          builder.terminate();
        }
      })().catch((e) => {
        databaseBytes.delete(key);
        console.warn(`no databases for ${size}: ${e.message}`);
        return null;
      }),
    );
  }
  return databaseBytes.get(key);
}

// Before a search on a board that databases help: `worker` holds them.
async function withDatabases(channel, size, goal) {
  if (!DATABASE_SIZES.has(size)) return;
  const key = `${size}|${goal ?? 'standard'}`;
  if (channel.held.has(key)) return;
  const bytes = await databasesFor(size, goal);
  if (!bytes) return;
  await channel.worker.loadDatabase(bytes);
  channel.held.add(key);
}

// The API request `path` + `body`, answered by the browser's engine.
async function local(channel, path, body) {
  const worker = channel.worker;
  const { board, ...rest } = body ?? {};
  const options = { ...rest };
  try {
    if (path === '/api/solve' || path === '/api/hint') await withDatabases(channel, options.size, options.goal);
    if (path.startsWith('/api/stats')) {
      const query = new URLSearchParams(path.split('?')[1] ?? '');
      const field = (name) => query.get(name) ?? undefined;
      return await worker.distribution({ size: field('size'), goal: field('goal'), metric: field('metric') });
    }
    switch (path) {
      case '/api/limits':
        return await worker.limits();
      case '/api/board':
        return await worker.board(board, { size: options.size, goal: options.goal });
      case '/api/random':
        return await worker.random(options);
      case '/api/solve': {
        const { count, ...solve } = options;
        // The browser's engine has no budget of its own: the page applies its default.
        solve.timeout_ms ??= (await engineLimits()).default_timeout_ms;
        const tell = channel.onProgress ?? undefined;
        return await (count ? worker.count(board, solve, tell) : worker.solve(board, solve, tell));
      }
      case '/api/hint':
        options.timeout_ms ??= (await engineLimits()).default_timeout_ms;
        return await worker.hint(board, options);
      case '/api/compare':
        return await worker.compare(board, options);
      case '/api/render':
        return await worker.render(board, options);
      default:
        throw new ApiError(`no such request here: ${path}`, 404);
    }
  } catch (e) {
    if (e.kind === 'cancelled') {
      const abort = new Error('cancelled');
      abort.name = 'AbortError';
      throw abort;
    }
    if (e instanceof ApiError) throw e;
    throw new ApiError(e.message, e.kind === 'internal' ? 500 : 400);
  }
}

// A named stream of requests, at most one in flight.
export class Channel {
  constructor() {
    this.controller = null;
    this.worker = null;
    this.slow = 0;
    this.held = new Set(); // databases the worker holds ("WxH|goal")
    // Called with a running search's progress (the browser's engine only:
    // the server answers once).
    this.onProgress = null;
  }

  cancel() {
    if (this.controller) this.controller.abort();
    this.controller = null;
    // Terminating the worker is what stops a search in the browser; an idle one is kept.
    if (this.worker && this.slow > 0) {
      this.worker.cancel();
      this.held.clear(); // a fresh worker holds none
    }
  }

  // The record's data, or null when this request was cancelled or superseded.
  async send(method, path, body) {
    this.cancel();
    if (ENGINE === 'wasm') return this.sendLocal(path, body);
    const controller = new AbortController();
    this.controller = controller;
    try {
      const record = await call(method, path, body, controller.signal);
      return record.data;
    } catch (e) {
      if (e.name === 'AbortError') return null;
      throw e;
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }

  async sendLocal(path, body) {
    const controller = new AbortController();
    this.controller = controller;
    const slow = quick(path, body) ? 0 : 1;
    this.slow += slow;
    try {
      if (!this.worker) {
        const { NpuzzleWorker } = await loadWorker();
        this.worker ??= new NpuzzleWorker({ module: compiledEngine() });
      }
      const data = await local(this, path, body);
      return controller.signal.aborted ? null : data;
    } catch (e) {
      if (e.name === 'AbortError') return null;
      throw e;
    } finally {
      this.slow -= slow;
      if (this.controller === controller) this.controller = null;
    }
  }

  get busy() {
    return this.controller !== null;
  }
}
