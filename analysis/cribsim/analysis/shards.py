"""The shard files of one run analysed as that run, without merging them, in parallel.

`cribsim run --shard K/N` writes part K of N of a run's games into its own file; `cribsim
merge` joins the N parts into the file one machine would have written. The analysis does not
need the merged file: open_runs() recognises the shards among the files it is given and
stands them for their run (a ShardedRun), and reduce_summaries() reduces each shard on its own
(metrics.Summary: counts, exact integer sums, histograms) in a pool of processes or on a Dask
cluster and combines the partial results exactly (Summary.merge), so every figure equals the
merged file's, whatever the number of shards, processes or workers.

Recognising shards. A file whose `shard_count` attribute is above 1 is a shard. Shards belong
to the same run when they agree on what makes the run (RUN_KEYS: seed, generator, rules,
lineup, games requested, record, duplicate deals and rotations, shard count, schema, the
experiment and arm); the shards of a run must all be given, each once, complete
(`games_completed` equal to its `game_end - game_begin`), and cover the games 0 ..
games_requested without a gap or an overlap, each holding the range `cribsim run --shard`
gives it (experiments/runner/runner.c, cs_shard_range). Anything else is refused with a
CribsimFileError naming the file (exit 2 in the tools). Files that are not shards are
analysed as before, each on its own.

Parallelism. reduce_summaries() takes `jobs` (processes on this machine; None: every core)
or `scheduler`: the address of a running Dask scheduler (tcp://HOST:PORT; its workers must
import this package, cribsim, installed in their environment, and read the files at
the same paths) or "local" to start a Dask LocalCluster of `jobs` single-threaded worker
processes for the call and close it after. The work is one task per shard (and one per file
that is not a shard); each task holds one chunk at a time, so the memory of the whole is at
most `jobs` times one process's.

What stays sequential. Matches (matches.py) draw the earliest unused games of the whole run,
game after game, so a ShardedRun is read in order by one process there: the answer equals the
merged file's, and the reading moves from shard to shard (read_games()).
"""

import concurrent.futures
import contextlib
import itertools
import logging
import os
import warnings

import numpy as np

from ..io import runfile
from . import metrics
from ..io.runfile import CribsimFileError

# The root attributes that must be equal in every shard of one run.
RUN_KEYS = ("schema_version", "seed", "rng", "rules", "seats", "games_requested", "record",
            "duplicate", "rotations", "rotation_scheme", "shard_count", "experiment", "arm",
            "arm_index")


def shard_range(games, rotations, k, n):
    """The games [first, end) of shard k of n (1-based) of a run of `games` games: the card
    sequences shared out as evenly as they go, the first ones one more (cs_shard_range)."""
    cards = games // rotations
    per, extra = divmod(cards, n)
    a = (k - 1) * per + min(k - 1, extra)
    b = k * per + min(k, extra)
    return a * rotations, b * rotations


def _shard_count(run):
    n = run.attrs.get("shard_count", 1)
    return n if isinstance(n, int) else 1


def is_shard(run):
    """Whether a run file holds part of a run (shard_count above 1)."""
    return _shard_count(run) > 1


def _key(run):
    return tuple(repr(run.attrs.get(k)) for k in RUN_KEYS)


def _differences(a, b):
    return [k for k in RUN_KEYS if a.attrs.get(k) != b.attrs.get(k)]


def _common_label(runs):
    """The shards' common name: the longest common prefix of their labels without trailing
    separators (part-1 .. part-8: part), else the first label."""
    prefix = os.path.commonprefix([r.label for r in runs]).rstrip("-_. ")
    return prefix or runs[0].label


def check_shards(shards):
    """The shards of one run (RunFiles with equal RUN_KEYS) in shard order, checked: every
    shard given once, complete, with its own range of games, the ranges covering the run.
    Raises CribsimFileError naming a file otherwise."""
    first = shards[0]
    n = _shard_count(first)
    by_index = {}
    for run in shards:
        a = run.attrs
        k = a.get("shard_index")
        if not isinstance(k, int) or not 1 <= k <= n:
            raise CribsimFileError(f"{run.path}: shard_index {k!r} is not a shard of {n}")
        if k in by_index:
            raise CribsimFileError(f"{run.path} and {by_index[k].path} are both shard {k}/{n} "
                                   "of one run (overlapping shards)")
        by_index[k] = run
    games, rotations = first.attrs.get("games_requested"), first.attrs.get("rotations", 1)
    if not isinstance(games, int) or not isinstance(rotations, int) or rotations < 1:
        raise CribsimFileError(f"{first.path}: games_requested or rotations is not a count")
    lacking = n - len(by_index)  # the count is the file's word: never looped up to
    if lacking:
        # the first few missing, found among the first len(by_index) + 5 indices
        missing = list(itertools.islice((k for k in range(1, n + 1) if k not in by_index), 5))
        names = ", ".join(f"{k}/{n}" for k in missing) + (" ..." if lacking > 5 else "")
        raise CribsimFileError(
            f"{first.path} is shard {first.attrs.get('shard_index')}/{n} of a run whose "
            f"shard{'s' if lacking > 1 else ''} {names} {'are' if lacking > 1 else 'is'} not "
            f"given ({len(by_index)} of {n} given: a gap): give every shard, or the merged "
            "file")
    ordered = [by_index[k] for k in range(1, n + 1)]
    for k, run in enumerate(ordered, 1):
        a = run.attrs
        want = shard_range(games, rotations, k, n)
        got = (a.get("game_begin"), a.get("game_end"))
        if got != want:
            raise CribsimFileError(f"{run.path}: shard {k}/{n} holds games {got[0]} to "
                                   f"{got[1]}, but shard {k}/{n} of {games} games is "
                                   f"{want[0]} to {want[1]} (a gap or an overlap)")
        if run.n_games != want[1] - want[0]:
            raise CribsimFileError(f"{run.path} (shard {k}/{n}) holds {run.n_games} of its "
                                   f"{want[1] - want[0]} games; finish it with cribsim run "
                                   f"--resume -o {run.path}")
    return ordered


def group_shards(runs):
    """The runs with the shards of each run replaced by one ShardedRun (at the place of its
    first shard); CribsimFileError for a set of shards that is not a whole run."""
    groups = {}
    for run in runs:
        if is_shard(run):
            groups.setdefault(_key(run), []).append(run)
    for members in groups.values():
        n = _shard_count(members[0])
        if len({r.attrs.get("shard_index") for r in members}) < n:
            # A stray shard of another run names the difference rather than the gap.
            for other in groups.values():
                if other is not members:
                    raise CribsimFileError(
                        f"{members[0].path} and {other[0].path} are not shards of one run: "
                        f"their {', '.join(_differences(members[0], other[0]))} differ "
                        f"(and the run of {members[0].path} lacks shards)")
        check_shards(members)
    out, done = [], set()
    for run in runs:
        if not is_shard(run):
            out.append(run)
            continue
        key = _key(run)
        if key not in done:
            done.add(key)
            out.append(ShardedRun(check_shards(groups[key])))
    return out


class ShardedRun(runfile.RunFile):
    """The shard files of one run standing for the run: the attributes of the merged file
    (shard 1 of 1, games 0 .. games_requested, every game complete), chunks() and
    read_games() reading the shards in order. Every figure computed from it equals the merged
    file's; metrics.summary() finds the Summary reduce_summaries() left in its cache."""

    def __init__(self, shards):
        first = shards[0]
        self.shards = list(shards)
        self.path = f"{first.path} .. {shards[-1].path} ({len(shards)} shards)"
        self.label = _common_label(shards)
        attrs = dict(first.attrs)
        attrs.update(shard_index=1, shard_count=1, game_begin=0,
                     game_end=attrs.get("games_requested"),
                     games_completed=sum(s.n_games for s in shards))
        self.attrs = attrs
        self.rules, self.seats = first.rules, first.seats
        self.players, self.partnership, self.n_sides = (first.players, first.partnership,
                                                        first.n_sides)
        self.games = self.deals = None
        self.cache = {}
        self.completed = attrs["games_completed"]
        self.has_rotation = first.has_rotation
        self._has_deals = all(s.has_deals for s in shards)
        self.deal_rows = sum(s.deal_rows for s in shards)
        self.chunk_rows = first.chunk_rows
        self.rotations = max(s.rotations for s in shards)
        self.offsets = np.cumsum([0] + [s.n_games for s in shards])
        for s in shards:
            s.rotations = self.rotations

    def chunks(self, chunk_rows=None, deals=True, fields=None):
        last = -1
        for shard in self.shards:
            for part in shard.chunks(chunk_rows, deals=deals and self._has_deals,
                                     fields=fields):
                if len(part.games):
                    if int(part.games["game"][0]) <= last:
                        raise CribsimFileError(f"{shard.path}: its games do not follow the "
                                               "previous shard's")
                    last = int(part.games["game"][-1])
                yield part

    def _read(self, chunk_rows=None, fields=None, deals=True, check=False):
        return self.chunks(chunk_rows, deals, fields)

    def read_games(self, lo, hi):
        hi = min(hi, self.completed)
        pieces = []
        for k, shard in enumerate(self.shards):
            a, b = int(self.offsets[k]), int(self.offsets[k + 1])
            if b > lo and a < hi:
                pieces.append(shard.read_games(max(lo, a) - a, min(hi, b) - a).games)
        games = (np.concatenate(pieces) if len(pieces) > 1 else pieces[0] if pieces
                 else self.shards[0].read_games(0, 0).games)
        part = runfile.Run(self.path, self.attrs, self.rules, self.seats, games, None)
        part.label = self.label
        part.rotations = self.rotations
        return part


def open_runs(paths, deals=True, chunk_rows=None):
    """runfile.open_all() with the shards of each run joined into a ShardedRun."""
    runs = [runfile.open_run(p, deals, chunk_rows) for p in paths]
    return runfile._unique_labels(runfile.spec_order(group_shards(runs)))


# ---- reducing in parallel ----

def _file_summary(path, deals, chunk_rows):
    """The Summary of one file (a task: runs in a worker process), without its run."""
    run = runfile.open_run(path, deals=deals, chunk_rows=chunk_rows)
    sm = metrics.Summary(run)
    for part in run.chunks():
        sm.add(part)
    sm.run = None
    return sm


def default_jobs():
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class _Serial:
    parallel = False

    def map(self, fn, *iterables):
        return list(map(fn, *iterables))

    def close(self):
        pass


class _Pool:
    parallel = True

    def __init__(self, jobs):
        self.pool = concurrent.futures.ProcessPoolExecutor(max_workers=jobs)

    def map(self, fn, *iterables):
        return list(self.pool.map(fn, *iterables))

    def close(self):
        self.pool.shutdown(wait=True, cancel_futures=True)


class _Dask:
    parallel = True

    def __init__(self, scheduler, jobs):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as e:
            raise CribsimFileError(f"--scheduler needs Dask (python3-distributed): {e}")
        self.cluster = None
        try:
            # tornado's event loop warns of its own deprecations when the client starts
            warnings.filterwarnings("ignore", category=DeprecationWarning, module="tornado")
            if scheduler == "local":
                # Loopback only, said rather than left to Dask's defaults: a worker runs any
                # function sent to it, unauthenticated.
                self.cluster = LocalCluster(n_workers=jobs, threads_per_worker=1,
                                            processes=True, host="127.0.0.1",
                                            dashboard_address=None,
                                            silence_logs=logging.ERROR)
                self.client = Client(self.cluster)
            else:
                self.client = Client(scheduler, timeout=10)
        except (OSError, TimeoutError, ValueError) as e:
            self.close()
            raise CribsimFileError(f"--scheduler {scheduler}: cannot start or reach the Dask "
                                   f"scheduler ({runfile._reason(e)})")

    def map(self, fn, *iterables):
        futures = self.client.map(fn, *iterables, pure=False)
        return self.client.gather(futures)

    def close(self):
        if getattr(self, "client", None) is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def executor(jobs=None, scheduler=None, tasks=None):
    """Where tasks run: a Dask client (scheduler), a process pool of `jobs` processes (None:
    every core; never more than `tasks`), or this process when one suffices."""
    jobs = default_jobs() if jobs is None else int(jobs)
    if jobs < 1:
        raise CribsimFileError(f"--jobs {jobs} is not a positive number of processes")
    if tasks is not None:
        jobs = max(1, min(jobs, tasks))
    if scheduler:
        return _Dask(scheduler, jobs)
    return _Serial() if jobs == 1 else _Pool(jobs)


@contextlib.contextmanager
def parallel(jobs=None, scheduler=None, tasks=None):
    """executor() as a context: the pool or the cluster is closed when the block ends."""
    ex = executor(jobs, scheduler, tasks)
    try:
        yield ex
    finally:
        ex.close()


def reduce_summaries(runs, deals=True, jobs=None, scheduler=None, ex=None):
    """Computes metrics.summary() of every run whose Summary is not yet known, one task per
    file (each shard of a ShardedRun, each other file), in parallel (on `ex`, else on an
    executor(jobs, scheduler) made for the call), and combines each run's shards in order
    (Summary.merge). Afterwards metrics.summary(run) returns the result without reading the
    files again. The figures are those of the single-process path exactly."""
    tasks = []  # (run, path)
    for run in runs:
        if "summary" in run.cache or not isinstance(run, runfile.RunFile):
            continue
        for shard in getattr(run, "shards", [run]):
            tasks.append((run, shard))
    if not tasks:
        return
    args = ([os.path.abspath(s.path) for _, s in tasks],
            [deals and run.has_deals for run, _ in tasks], [s.chunk_rows for _, s in tasks])
    if ex is not None:
        parts = ex.map(_file_summary, *args)
    else:
        with parallel(jobs, scheduler, len(tasks)) as made:
            parts = made.map(_file_summary, *args)
    for (run, _), part in zip(tasks, parts):
        got = run.cache.get("summary")
        if got is None:
            got = run.cache["summary"] = metrics.Summary(run)
        got.merge(part)


def add_arguments(parser, jobs_help=None):
    """The --jobs and --scheduler options of the tools that work in parallel."""
    parser.add_argument("--jobs", type=int, metavar="N",
                        help=jobs_help or "processes to work in (one task per file or shard "
                        "for the figures, one per format for the matches; default: every "
                        "core)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="reduce on a Dask cluster: the scheduler's address "
                        "(tcp://HOST:PORT), or 'local' to start a local cluster of --jobs "
                        "worker processes for the run")
