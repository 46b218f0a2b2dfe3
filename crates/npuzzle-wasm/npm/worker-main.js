// The script of an NpuzzleWorker: answers { id, name, args } messages with
// { id, value } or { id, error: { name, kind, message } }; with
// `progress: true`, a search first sends { id, progress } messages. A first message
// { module } hands over a compiled WebAssembly.Module, so that many workers
// compile the engine once; without it the worker fetches its own.
import init, * as np from './index.js';

const functions = new Set(['solve', 'hint', 'count', 'list', 'compare', 'board', 'random', 'distribution', 'render', 'version', 'limits', 'loadDatabase', 'heldDatabases']);
// The searches that tell their progress when the caller asks for it.
const watched = new Set(['solve', 'count', 'list']);
let ready = null;

self.onmessage = async (event) => {
  const { id, name, args, module } = event.data;
  ready ??= init(module);
  if (name === undefined) return;
  try {
    await ready;
    if (name === 'buildDatabase') {
      // Progress goes back as messages of its own; the bytes are transferred, not copied.
      const bytes = np.buildDatabase(args[0], (progress) => self.postMessage({ id, progress }));
      self.postMessage({ id, value: bytes }, [bytes.buffer]);
      return;
    }
    if (!functions.has(name)) throw Object.assign(new Error(`no function named ${name}`), { name: 'NpuzzleError', kind: 'options' });
    if (event.data.progress && watched.has(name)) {
      // A search's progress goes back as messages of its own, before its answer.
      const tell = (progress) => self.postMessage({ id, progress });
      self.postMessage({ id, value: np[name](args[0], args[1], tell) });
      return;
    }
    self.postMessage({ id, value: np[name](...args) });
  } catch (e) {
    self.postMessage({ id, error: { name: e.name ?? 'Error', kind: e.kind ?? 'internal', message: String(e.message ?? e) } });
  }
};
