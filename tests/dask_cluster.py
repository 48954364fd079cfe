"""dask_cluster.py SCHEDULER_FILE MERGED PART... - the shard analysis (analysis/cribsim/analysis/shards.py)
on a Dask cluster already running, whose scheduler wrote SCHEDULER_FILE: tests/slurm_cluster.sh
starts `dask scheduler` itself and two `dask worker` processes as Slurm jobs of its one-node
cluster, then runs this with the parts of a sharded run and the file `cribsim merge` made of
them. It checks, on the cluster's workers (at least two processes, none of them this one, each
given tasks), that the summary, the strategy table and the match tables of the shards are
those of the merged file exactly, as tests/test_analysis_shards.py checks a LocalCluster.
Exit 0 when they are, 1 naming what differs. Not a ctest test (it needs the running cluster).
"""

import os
import sys
import time
import warnings

from dask.distributed import Client, get_task_stream

from cribsim.analysis import matches, metrics, report, shards


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__.split("\n")[0])
    sched_file, merged_path, parts = argv[0], argv[1], argv[2:]
    warnings.filterwarnings("ignore", category=DeprecationWarning, module="tornado")
    failures = []
    t0 = time.monotonic()

    # What one process finds in the merged file.
    merged = shards.open_runs([merged_path])[0]
    want_summary = report.summary_text([merged])
    want_table = metrics.strategy_table(merged)
    rule = matches.resolve_rule(merged, "rules")
    want_matches, _ = matches.compare_schemes(merged, 2, 4, rule)

    t_merged = time.monotonic() - t0
    with Client(scheduler_file=sched_file, timeout=30) as client:
        # The workers are Slurm jobs: wait (bounded) until both have joined.
        client.wait_for_workers(2, timeout=90)
        pids = client.run(os.getpid)  # worker address -> its process id
        if len(set(pids.values())) < 2 or os.getpid() in pids.values():
            failures.append(f"expected two worker processes other than this one, got {pids}")
        address = client.scheduler.address
        t_workers = time.monotonic() - t0
        with shards.parallel(scheduler=address) as ex, get_task_stream(client) as stream:
            runs = shards.open_runs(parts)
            if len(runs) != 1 or not isinstance(runs[0], shards.ShardedRun):
                sys.exit(f"dask_cluster.py: the parts {parts} are not one sharded run")
            run = runs[0]
            shards.reduce_summaries(runs, ex=ex)
            got_matches, _ = matches.compare_schemes(run, 2, 4, rule, executor=ex)
        t_done = time.monotonic() - t0
        workers = {t["worker"] for t in stream.data}
        if len(workers) < 2:
            failures.append(f"the tasks ran on {sorted(workers)} only, not on two workers")

    got_summary = report.summary_text(runs).replace(run.label, merged.label, 1)
    if got_summary != want_summary:
        failures.append(f"summary differs:\n--- shards on Dask\n{got_summary}\n"
                        f"--- merged file\n{want_summary}")
    if not metrics.strategy_table(run).equals(want_table):
        failures.append("the strategy table differs")
    got_matches.columns = want_matches.columns  # the sharded run's label differs
    if not got_matches.equals(want_matches):
        failures.append(f"match tables differ:\n{got_matches}\n{want_matches}")
    for f in failures:
        print(f"dask_cluster.py: FAIL: {f}", file=sys.stderr)
    if not failures:
        print(f"dask_cluster.py: {len(parts)} shards on {len(workers)} workers "
              f"({', '.join(sorted(workers))}) give the merged file's summary, strategy table "
              f"and match tables (seconds from its start: the merged file read {t_merged:.1f}, "
              f"both workers joined {t_workers:.1f}, the shards analysed {t_done:.1f})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
