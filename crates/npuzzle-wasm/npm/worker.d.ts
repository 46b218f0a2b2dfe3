import type {
  BuildOptions, BuildProgress, HeldDatabase,
  BoardRecord, CompareRecord, DistributionOptions, DistributionRecord, HintRecord, Limits, Options, RandomOptions, RenderOptions,
  SearchProgress, SolutionRecord,
} from './npuzzle.js';

/**
 * The engine in a Web Worker: every call returns a promise, and `cancel()`
 * stops a running search at once (each pending call rejects with an
 * `NpuzzleError` of kind `cancelled`; the next call starts a fresh worker).
 */
export declare class NpuzzleWorker {
  /** `module`: a compiled engine (or a promise of one) shared by several workers. */
  constructor(options?: { module?: WebAssembly.Module | Promise<WebAssembly.Module> });
  /** Calls waiting or running. */
  readonly busy: number;
  /** `onProgress` is called at each new bound and about ten times a second in between. */
  solve(board: string, options?: Options, onProgress?: (progress: SearchProgress) => void): Promise<SolutionRecord>;
  hint(board: string, options?: Options): Promise<HintRecord>;
  count(board: string, options?: Options, onProgress?: (progress: SearchProgress) => void): Promise<SolutionRecord>;
  list(board: string, options?: Options, onProgress?: (progress: SearchProgress) => void): Promise<SolutionRecord>;
  compare(board: string, options?: Options): Promise<CompareRecord>;
  board(board: string, options?: Options): Promise<BoardRecord>;
  random(options?: RandomOptions): Promise<BoardRecord>;
  distribution(options: DistributionOptions): Promise<DistributionRecord>;
  render(board: string, options?: RenderOptions): Promise<string>;
  version(): Promise<string>;
  limits(): Promise<Limits>;
  buildDatabase(options?: BuildOptions, onProgress?: (progress: BuildProgress) => void): Promise<Uint8Array>;
  loadDatabase(bytes: Uint8Array): Promise<string>;
  heldDatabases(): Promise<HeldDatabase[]>;
  cancel(): void;
  terminate(): void;
}
