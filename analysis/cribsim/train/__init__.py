"""Training the strategies that play trained files (docs/model-format.md, docs/nn-format.md).

- discard: a numpy discard model from a dataset, and its accuracy (cribsim-train-discard);
- model: the `model` strategy's file from discard and play datasets (cribsim-train-model);
- nn: the `nn` strategy's network with PyTorch, the extra `train` (cribsim-train-nn); its
  `br` measures the response it trains with cribsim.analysis.exploit.

The trainers build on cribsim.io and cribsim.analysis; neither imports them.
"""
