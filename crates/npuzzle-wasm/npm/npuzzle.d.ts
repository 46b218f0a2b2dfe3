// Types of the `npuzzle` package. Every answer is the record that
// `npuzzle solve --json` (and the HTTP API) gives under `data`: the same
// field names in the CLI, the server, Python and JavaScript.

/** Options of `solve`, `hint`, `count`, `list`, `compare` and `board` (the server's request fields). */
export interface Options {
  /** `WxH` (width × height); inferred for square boards. */
  size?: string;
  /** `standard` (default: 1 2 … N-1 then the blank), `blank-first`, or tiles. */
  goal?: string;
  /** An algorithm name (`auto`, `table`, `idastar`, `astar`, `bfs`, `greedy`, …). */
  algorithm?: string;
  /** A heuristic name (`auto`, `manhattan`, `linear-conflict`, `walking-distance`, …). */
  heuristic?: string;
  /** Time budget in milliseconds (default: none; `compare`: 2000 per run). */
  timeout_ms?: number;
  /** Node budget. */
  max_nodes?: number;
  /** Memory budget in bytes (default 1 GiB). */
  max_memory?: number;
  /** Spend the rest of the time budget shortening a `greedy` solution. */
  improve?: boolean;
  /** `stm` (every move counts one, the default) or `mtm` (the multi-tile metric). */
  metric?: 'stm' | 'mtm';
  /** A solution at most this many times the shortest (1 to 16), with its `lower_bound`: IDA* on 4x4 and 5x5 runs weighted. */
  within?: number;
  /** `list`: at most this many optimal solutions (default 100). */
  limit?: number;
}

/** Options of `random`. */
export interface RandomOptions {
  /** `WxH` (default 3x3). */
  size?: string;
  goal?: string;
  /** Only boards exactly this far from the goal: uniform up to 12 cells; past them random walks an optimal search confirms (not uniform; up to 25 cells, 4x4 with `metric: 'mtm'`). */
  distance?: number;
  /** A seed for a reproducible board. */
  seed?: number;
  /** `stm` (the default) or `mtm`: what `distance` counts (a slide of several tiles is one `mtm` move). */
  metric?: 'stm' | 'mtm';
}

/** Options of `distribution`. */
export interface DistributionOptions {
  /** `WxH`, at most 12 cells. */
  size: string;
  goal?: string;
  /** `stm` (the default) or `mtm`: the metric distances are counted in. */
  metric?: 'stm' | 'mtm';
}

/** What this engine answers, and for how long (the server's `GET /api/limits` gives its own). */
export interface Limits {
  /** Boards of up to this many cells are answered at once from complete tables. */
  table_cells: number;
  /** Boards of up to this many cells can be compared, counted, given a distance distribution or a random board at an exact distance. */
  exhaustive_max_cells: number;
  /** The largest board an exact hint is given for. */
  hint_max_cells: number;
  /** The time budget of a call that names none (`null`: no limit). */
  default_timeout_ms: number | null;
  /** The largest time budget a call may ask for (`null`: any). */
  max_timeout_ms: number | null;
}

/** How a board ended. */
export type Outcome = 'solved' | 'unsolvable' | 'budget';

export interface IterationRecord {
  bound: number;
  expanded: number;
}

export interface StatsRecord {
  expanded?: number;
  generated?: number;
  peak_states?: number;
  moves_made?: number;
  peak_bytes: number;
  millis: number;
  iterations?: IterationRecord[];
}

/** A board solved, proven unsolvable, or out of budget. */
export interface SolutionRecord {
  board: string;
  goal: string;
  algorithm: string;
  heuristic: string | null;
  partition: string | null;
  /** `mtm` when the search minimised the multi-tile length (the `metric` option); absent for `stm`. */
  metric?: 'mtm';
  outcome: Outcome;
  /** Moves in the solution (optimal unless `lower_bound`/`ratio` say otherwise). */
  length?: number;
  /** The length in the multi-tile metric: a run of moves in one direction counts one. */
  mtm_length?: number;
  /** Moves of the blank: `u d l r`. */
  moves?: string;
  /** Which limit ran out (`node limit`, `time limit`, `memory limit`). */
  budget?: string;
  stats: StatsRecord;
  /** The factor asked for (`within`): the solution is at most this many times the shortest. */
  within?: number;
  /** For a solution that need not be optimal: a lower bound on the shortest, in the record's metric. */
  lower_bound?: number;
  /** `length / lower_bound` (`mtm_length / lower_bound` with `metric: 'mtm'`). */
  ratio?: number;
  improved_from?: number;
  start?: string;
  count?: number;
  solutions?: string[];
  count_budget?: string;
  count_at_least?: number;
}

export interface MoveDistanceRecord {
  /** The blank's letter (`u d l r`); with `metric: 'mtm'` once per tile slid (`"uu"`). */
  move: string;
  distance: number | null;
}

/** A board's exact distance and the distance after each move of the blank. */
export interface HintRecord {
  board: string;
  goal: string;
  algorithm: string;
  heuristic: string | null;
  partition: string | null;
  /** `'mtm'` when the distances count multi-tile moves (`hint(board, { metric: 'mtm' })`); absent otherwise. */
  metric?: 'mtm';
  outcome: Outcome;
  distance: number | null;
  moves: MoveDistanceRecord[];
  /** The optimal moves of the blank, joined (separated by spaces with `metric: 'mtm'`: `"uu r"`). */
  optimal: string;
  budget?: string;
  stats: StatsRecord;
}

export interface BoardRecord {
  board: string;
  size: string;
  goal: string;
  distance: number | null;
  /** `'mtm'` when `distance` counts multi-tile moves; absent otherwise. */
  metric?: 'mtm';
}

export interface DistributionRecord {
  size: string;
  goal: string;
  counts: number[];
  total: number;
  diameter: number;
  /** `"mtm"` when the distances are multi-tile moves; absent for single moves. */
  metric?: 'mtm';
}

export interface CompareRun {
  algorithm: string;
  heuristic: string | null;
  outcome: Outcome | null;
  /** Single moves, when solved. */
  length: number | null;
  /** The length in the multi-tile metric (a run of moves in one direction counts one), when solved. */
  mtm_length: number | null;
  message: string | null;
  expanded: number;
  generated: number;
  peak_bytes: number;
  millis: number;
}

export interface CompareRecord {
  board: string;
  goal: string;
  runs: CompareRun[];
  /** `mtm` when the runs searched the multi-tile metric (the `metric` option); absent for `stm`. */
  metric?: 'mtm';
}

/** What every function throws on bad input: `kind` names the part that was wrong. */
export interface NpuzzleError extends Error {
  name: 'NpuzzleError';
  kind: 'board' | 'goal' | 'options' | 'databases' | 'moves' | 'refused' | 'internal' | 'init' | 'cancelled';
}

/** Loads the WebAssembly module (browsers: fetched from beside the package, or from `input`). */
export default function init(input?: string | URL | Request | Response | BufferSource | WebAssembly.Module): Promise<void>;

/**
 * A running search's progress: the heuristic's estimate of the board and
 * the bound of the iteration running now (every solution shorter than it is
 * ruled out; iterative deepening searches), nodes expanded, time so far.
 */
export interface SearchProgress {
  estimate: number | null;
  bound: number | null;
  expanded: number;
  millis: number;
}

/** `onProgress` is called at each new bound and about ten times a second in between. */
export function solve(board: string, options?: Options, onProgress?: (progress: SearchProgress) => void): SolutionRecord;
export function hint(board: string, options?: Options): HintRecord;
export function count(board: string, options?: Options, onProgress?: (progress: SearchProgress) => void): SolutionRecord;
export function list(board: string, options?: Options, onProgress?: (progress: SearchProgress) => void): SolutionRecord;
export function compare(board: string, options?: Options): CompareRecord;
export function board(board: string, options?: Options): BoardRecord;
export function random(options?: RandomOptions): BoardRecord;
export function distribution(options: DistributionOptions): DistributionRecord;

/** Options of `render`. */
export interface RenderOptions {
  /** `WxH`; inferred for square boards. */
  size?: string;
  /** The goal the colours are read from (default standard). */
  goal?: string;
  /** How the tiles are coloured: all alike, by their goal row, or by their layer. */
  scheme?: 'none' | 'rows' | 'fringe';
  /** Moves to play on the board as an animation (`ullddr`, `R3 D2 L`). */
  moves?: string;
  /** Which direction the move letters name (default: lower case the blank's, upper case the tiles'). */
  notation?: 'blank' | 'tiles';
}

/** An SVG picture of the board, or an animation (SMIL) of `options.moves` played on it. */
export function render(board: string, options?: RenderOptions): string;
export function version(): string;
/** This engine's limits: read them instead of copying numbers. */
export function limits(): Limits;

/** Options of `buildDatabase`. */
export interface BuildOptions {
  /** `WxH` (default 4x4). */
  size?: string;
  goal?: string;
  /** A partition name (`6-6-3`, `5-5-5`, …) or tiles (`1,2,3/4,5,6`); default: the recommended set. */
  partition?: string;
  /** Refuse a build that would need more than this many bytes. */
  max_memory?: number;
}

/** A build's progress, in entries of the tables. */
export interface BuildProgress {
  done: number;
  total: number;
  pattern: number;
  patterns: number;
}

/** A database set held by the engine. */
export interface HeldDatabase {
  name: string;
  size: string;
  goal: string;
  partition: string;
  bytes: number;
}

/** Builds pattern databases, holds them for later calls, and returns the bytes of their file (keep them, e.g. in IndexedDB). */
export function buildDatabase(options?: BuildOptions, onProgress?: (progress: BuildProgress) => void): Uint8Array;
/** Holds the databases in `bytes` (from `buildDatabase` or `npuzzle pdb build`), checked in full; returns their name. */
export function loadDatabase(bytes: Uint8Array): string;
export function heldDatabases(): HeldDatabase[];
