"""Files in and out: the bottom layer of the package, which the others build on.

- runfile: reads and checks a run file (experiments/io/h5io.h's layout), chunk by chunk;
- loader: the run and event files as pandas frames (cribsim.games(), .deals(), ...);
- cards: card codes as text, and show hands scored with numpy as the engine scores them;
- dataset: one row per decision from run files, to HDF5, npz, CSV or shards (cribsim-dataset);
- cliio: what every command does at its edges (outputs written whole, errors as one line).

Nothing here imports cribsim.analysis or cribsim.train.
"""
