"""Solve board files on a Dask cluster (``dask`` + ``distributed``), from a
laptop's ``LocalCluster`` to Kubernetes or an HPC queue.

>>> from distributed import Client, LocalCluster
>>> client = Client(LocalCluster(n_workers=2, threads_per_worker=1))   # doctest: +SKIP
>>> npuzzle.dask.solve_files("boards/*.txt", "results/", client=client)  # doctest: +SKIP
['results/part-000.jsonl', ...]

Each input file is one partition: a worker reads it (``npuzzle batch``'s
input format: one board per line or per blank-line-separated block of rows,
``#`` comments), solves it with all the threads Dask gave it, and writes
``OUTPUT_DIR/<name>.jsonl`` with exactly ``npuzzle batch``'s JSON Lines rows,
in input order. The file is written to a temporary name and renamed, so it
is either complete or absent: if a worker dies, Dask runs its partition
again elsewhere, and a rerun after any failure solves only the partitions
whose output is missing. Every board ends up in the output exactly once.

:func:`solve_hard` solves one hard board (a 24-puzzle, say) on the
cluster: each IDA* iteration is cut into subtrees, searched as a wave of
Dask tasks (see its docs).
"""

from __future__ import annotations

import glob as _glob
import os
import time
import uuid
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

from . import _native, _options, _tiles
from ._native import Solution
from .errors import OptionError

if TYPE_CHECKING:
    from distributed import Client

    from . import BoardLike, GoalLike, PathLike, SizeLike

__all__ = ["solve_files", "output_name", "solve_hard"]

#: Suffix of the temporary files a partition is written to before its rename.
TMP_SUFFIX = ".tmp"


def output_name(input_path: "PathLike") -> str:
    """The output file name of an input file: its name without the
    extension, plus ``.jsonl``."""
    base = os.path.basename(os.fspath(input_path))
    stem = base.rsplit(".", 1)[0] if "." in base.lstrip(".") else base
    return stem + ".jsonl"


def _worker_threads() -> int:
    """The threads Dask gives a task on this worker (all cores outside a worker)."""
    try:
        from distributed import get_worker

        return max(1, int(get_worker().state.nthreads))
    except (ImportError, ValueError, AttributeError):
        return os.cpu_count() or 1


def _solve_partition(input_path: str, output_path: str, size: Optional["SizeLike"], options: dict[str, Any]) -> str:
    """Solves one input file into its output file, atomically; nothing to do
    when the output is already there."""
    if os.path.exists(output_path):
        return output_path
    with open(input_path, "rb") as f:
        text = f.read()
    rows = _native.solve_batch(text, size, {**options, "threads": options["threads"] or _worker_threads()})
    tmp = f"{output_path}.{uuid.uuid4().hex}{TMP_SUFFIX}"
    try:
        with open(tmp, "wb") as f:
            f.write(rows)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, output_path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return output_path


def _inputs(inputs: Union["PathLike", Sequence["PathLike"]]) -> list[str]:
    if isinstance(inputs, (str, os.PathLike)):
        text = os.fspath(inputs)
        found = sorted(_glob.glob(text)) if _glob.has_magic(text) else [text]
        if not found:
            raise OptionError(f"no input file matches {text!r}")
        return found
    return [os.fspath(p) for p in inputs]


def solve_files(
    inputs: Union["PathLike", Sequence["PathLike"]],
    output_dir: "PathLike",
    *,
    client: Optional["Client"] = None,
    size: Optional["SizeLike"] = None,
    goal: Optional["GoalLike"] = None,
    algorithm: str = "auto",
    heuristic: str = "auto",
    timeout: Optional[float] = None,
    max_nodes: Optional[int] = None,
    max_memory: Optional[int] = None,
    threads: Optional[int] = None,
    pdb_dir: Optional["PathLike"] = None,
) -> list[str]:
    """Solves every board of the ``inputs`` files (paths, or a glob pattern)
    on the Dask cluster of ``client`` (default: the current client, else in
    this process) and returns the output paths, one per input, in order.

    Options are :func:`npuzzle.solve`'s; budgets apply to each board,
    ``max_memory`` to each partition (shared by its threads, as in
    ``npuzzle batch``); ``threads`` per partition defaults to the threads of
    the worker. Partitions whose output exists are skipped (so a rerun
    resumes); two inputs with the same output name are refused.
    """
    paths = _inputs(inputs)
    out_dir = os.fspath(output_dir)
    outputs = [os.path.join(out_dir, output_name(p)) for p in paths]
    seen: dict[str, str] = {}
    for p, o in zip(paths, outputs):
        if o in seen:
            raise OptionError(f"{seen[o]} and {p} would both be written to {o}; rename one")
        seen[o] = p
    os.makedirs(out_dir, exist_ok=True)
    options = _options(goal, algorithm, heuristic, timeout, max_nodes, max_memory, threads, pdb_dir)
    todo = [(p, o) for p, o in zip(paths, outputs) if not os.path.exists(o)]
    if client is None:
        try:
            from distributed import default_client

            client = default_client()  # type: ignore[no-untyped-call]
        except (ImportError, ValueError):
            client = None
    if client is None:
        for p, o in todo:
            _solve_partition(p, o, size, options)
    else:
        run = uuid.uuid4().hex[:8]
        futures = [
            client.submit(_solve_partition, p, o, size, options, key=f"npuzzle-{output_name(p)}-{run}", pure=False)
            for p, o in todo
        ]
        client.gather(futures)  # type: ignore[no-untyped-call]
    # Temporary files left by workers that died mid-write.
    for name in os.listdir(out_dir):
        if name.endswith(TMP_SUFFIX) and any(name.startswith(os.path.basename(o) + ".") for o in outputs):
            os.remove(os.path.join(out_dir, name))
    return outputs


#: Subtrees :func:`solve_hard` cuts an iteration into, per task of the wave.
#: One: a subtree holding the solution early in the order should not wait
#: behind others in the same task (measured on Korf & Felner's #40, where
#: the solution is in the third subtree of 128: four per task took 1.5-2
#: times as long).
SUBTREES_PER_TASK = 1

#: Tasks per worker thread in a wave, by default.
TASKS_PER_THREAD = 32


def _search_chunk(
    board: Union[str, list[int]],
    size: Optional["SizeLike"],
    options: dict[str, Any],
    bound: int,
    subtrees: list[str],
) -> list[Any]:
    """One task of :func:`solve_hard`: the subtrees below these move lists,
    searched in order under ``bound`` until the first solution. The worker
    process keeps its solver (and the memory-mapped databases) for the next
    task with the same options."""
    return _native.search_subtrees(board, size, options, bound, subtrees)


def _cluster_threads(client: "Client") -> int:
    info = client.scheduler_info()
    return max(1, sum(int(w.get("nthreads", 1)) for w in info.get("workers", {}).values()))


def _chunks(items: list[str], count: int) -> list[list[str]]:
    """``items`` cut into ``count`` contiguous runs (fewer if there are fewer items)."""
    count = max(1, min(count, len(items)))
    return [items[len(items) * i // count : len(items) * (i + 1) // count] for i in range(count)]


def solve_hard(
    board: "BoardLike",
    client: "Client",
    *,
    pdb_dir: Optional["PathLike"],
    size: Optional["SizeLike"] = None,
    goal: Optional["GoalLike"] = None,
    heuristic: str = "auto",
    tasks: Optional[int] = None,
    local_below: int = 200_000,
    timeout: Optional[float] = None,
) -> Solution:
    """Solves one hard 4×4 or 5×5 board optimally on the Dask cluster of
    ``client``, and returns the same :class:`~npuzzle.Solution` as
    :func:`npuzzle.solve` on one machine: the same moves, and the node
    counts of the search on one thread.

    Each IDA* iteration is cut into subtrees (the moves to the nodes at a
    shallow depth, in the library's fixed order) and searched as a wave of
    ``tasks`` Dask tasks (default: 32 per worker thread), each a contiguous
    run of subtrees, the earlier runs first. The first subtree in order
    that holds a solution wins (the one a single thread finds); once every
    run before it is done the rest of the wave is cancelled. Every worker
    process opens the databases of ``pdb_dir`` (``None``: the default
    directory) once and keeps them memory-mapped for later tasks. Iterations
    after one of fewer than ``local_below`` expanded nodes run in this
    process, where a wave would cost more than the search. ``timeout``
    (seconds) bounds the whole solve: the outcome is then ``"budget"``.

    Raises what :func:`npuzzle.solve` raises, and :class:`OptionError` for
    a board the subtree search does not take (other than 4×4 and 5×5).
    """
    started = time.perf_counter()
    tiles, size = _tiles(board, size)
    options = _options(goal, "idastar", heuristic, None, None, None, 1, pdb_dir)
    if not _native.is_solvable(tiles, size, options["goal"]):
        return _native.solve(tiles, size, options)
    if tasks is None:
        tasks = TASKS_PER_THREAD * _cluster_threads(client)
    tasks = max(1, tasks)
    run = uuid.uuid4().hex[:8]
    iterations: list[tuple[int, int]] = []
    generated = 0
    bound: Optional[int] = None
    last = 0
    while True:
        left = None if timeout is None else timeout - (time.perf_counter() - started)
        if left is not None and left <= 0:
            return _native.hard_solution(tiles, size, options, None, "time limit", iterations, generated, time.perf_counter() - started)
        task_options = {**options, "timeout": left}
        wave = last >= local_below
        frontier = _native.split_iteration(tiles, size, options, bound, tasks * SUBTREES_PER_TASK if wave else 1)
        subtrees = frontier.subtrees
        if wave and len(subtrees) > 1:
            results = _wave(client, tiles, size, task_options, frontier.bound, _chunks(subtrees, tasks), f"{run}-{frontier.bound}")
        else:
            results = _native.search_subtrees(tiles, size, task_options, frontier.bound, subtrees)
        moves, next_bound, expanded, gen, stopped = frontier.combine(results)
        iterations.append((frontier.bound, expanded))
        generated += gen
        last = expanded
        if moves is not None or stopped is not None:
            return _native.hard_solution(
                tiles, size, options, moves, stopped, iterations, generated, time.perf_counter() - started
            )
        if next_bound is None:
            raise RuntimeError("the search ran out of nodes on a solvable board")
        bound = next_bound


def _wave(
    client: "Client",
    board: Union[str, list[int]],
    size: Optional["SizeLike"],
    options: dict[str, Any],
    bound: int,
    chunks: list[list[str]],
    name: str,
) -> list[Any]:
    """Runs the chunks as Dask tasks, earlier ones first; returns their
    results in order, up to the first chunk holding a solution once every
    chunk before it is done (the later ones are cancelled)."""
    from distributed import as_completed

    futures = [
        client.submit(
            _search_chunk, board, size, options, bound, chunk, key=f"npuzzle-subtree-{name}-{i}", priority=len(chunks) - i, pure=False
        )
        for i, chunk in enumerate(chunks)
    ]
    index = {f.key: i for i, f in enumerate(futures)}
    done: dict[int, list[Any]] = {}
    try:
        for future, result in as_completed(futures, with_results=True):  # type: ignore[no-untyped-call]
            done[index[future.key]] = result
            # The first chunk, in order, that holds a solution or was stopped, with all before it done.
            ready = 0
            while ready in done and not any(r[0] is not None or r[4] is not None for r in done[ready]):
                ready += 1
            if ready == len(chunks) or ready in done:
                break
    finally:
        client.cancel([f for i, f in enumerate(futures) if i not in done])  # type: ignore[no-untyped-call]
    out: list[Any] = []
    for i in range(len(chunks)):
        if i not in done:
            break
        out.extend(done[i])
        if any(r[0] is not None or r[4] is not None for r in done[i]):
            break
    return out
