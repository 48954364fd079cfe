"""What the files say: figures, tests and reports over run and event files (read through
cribsim.io).

- metrics, stats: the figures of a run (in one pass over its chunks) and their intervals;
- report, plots: cribsim-report's Markdown report and its figures;
- matches: match and league scoring (cribsim-matches);
- shards: the shards of one run as the run, reduced in processes or on a Dask cluster;
- results, ladder: a canonical experiment's report (cribsim-results), the ladder's table;
- event_report, event_study: simulated events (cribsim-events, cribsim-event-study);
- win_grid: the board-position win table's heat maps (python -m cribsim.analysis.win_grid);
- exploit: a best response measured against its target and a pool (cribsim-train-nn br).

Nothing here imports cribsim.train.
"""
