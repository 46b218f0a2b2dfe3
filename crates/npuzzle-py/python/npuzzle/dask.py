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
"""

from __future__ import annotations

import glob as _glob
import os
import uuid
from typing import TYPE_CHECKING, Any, Optional, Sequence, Union

from . import _native, _options
from .errors import OptionError

if TYPE_CHECKING:
    from distributed import Client

    from . import GoalLike, PathLike, SizeLike

__all__ = ["solve_files", "output_name"]

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
