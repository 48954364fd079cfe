"""Statistics for the analysis: intervals, Elo differences and significance tests.

Results are counted from one side's point of view: a win scores 1, a tie one half, a loss 0
(as in chess). The functions here are plain arithmetic on counts or arrays and agree with the
C runner's experiments/runner/stats.c where both compute the same figure (the Wilson interval with a
fractional count of successes, and the Elo difference of a score rate), so a report and
`cribsim match` print the same numbers for the same games.

- wilson(): Wilson score interval for a proportion.
- elo_from_score(), score_from_elo(): the logistic Elo model, 400 points per factor of ten in
  the odds.
- elo_interval(): the Elo difference a score rate implies, with the 95% interval obtained by
  mapping the Wilson interval of the score rate through the same function.
- paired_score_interval(): the interval of a mean score when games come in correlated groups
  (duplicate deals: the same cards played with the lineup rotated), from the spread of the
  group means.
- two_proportion_test(), excess_difference_test(), welch_test(), chi2_counts_test():
  p-values for differences between runs; chi2_gof_test(): a histogram against known
  probabilities (scores seen in play against the exact enumeration); holm(): Holm's
  step-down correction for a family of tests.
"""

import math
import warnings

import numpy as np

try:
    from scipy import stats as _st
except ImportError as e:
    raise ImportError("cribsim's statistics need scipy, in the package's extra `analysis`: "
                      f"pip install 'cribsim[analysis]' ({e})") from e

# Normal quantile of a two-sided 95% interval (the same constant as CS_Z95 in the C code).
Z95 = 1.959963984540054


def wilson(successes, trials, z=Z95):
    """Wilson score interval (lo, hi) for `successes` of `trials` (successes may be
    fractional, a tie counting one half). With no trials the interval is (0, 1)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2.0 * trials)) / denom
    half = z / denom * math.sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials))
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= trials else min(1.0, centre + half)
    return lo, hi


def clustered_wilson(total, total_sq, clusters, size, z=Z95):
    """Wilson interval (lo, hi) of a rate whose trials come in `clusters` independent clusters
    of `size` trials each that need not be independent inside a cluster (the entrants of one
    strategy in one event: partners share a finish). total is the successes over all
    clusters, total_sq the sum over clusters of each cluster's successes squared. The rate's
    variance comes from the spread of the clusters' rates, and the interval is Wilson's with
    the effective number of trials that variance implies, rate (1 - rate) / variance: as few
    as the clusters when a cluster's trials always agree, at most clusters x size (the trials
    independent). With no spread (every cluster alike) the clusters are the trials when the
    rate is 0 or 1, else clusters x size."""
    n = clusters * size
    if clusters <= 0 or size <= 0:
        return 0.0, 1.0
    p = total / n
    eff = float(n)
    mean_y = total / size / clusters
    # the spread as Wilson's own p (1 - p) is, over the clusters (no n - 1): when a cluster's
    # trials always agree it is p (1 - p) itself, and the interval is the clusters' Wilson's
    var_y = max(total_sq / (size * size) / clusters - mean_y * mean_y, 0.0)
    if var_y > 0:
        eff = min(float(n), p * (1.0 - p) * clusters / var_y)
    elif p <= 0 or p >= 1:
        eff = float(clusters)
    return wilson(p * eff, eff, z)


def clustered_mean_interval(total, total_sq, clusters, size, z=Z95):
    """The 95% normal interval (lo, hi) of the mean of values that come `size` to a cluster in
    `clusters` independent clusters: total is the sum of every value, total_sq the sum over
    clusters of each cluster's sum squared. The standard error is the spread of the cluster
    means over the square root of the clusters (an event's entrants need not be independent).
    (nan, nan) with fewer than two clusters."""
    if clusters < 2 or size <= 0:
        return (math.nan, math.nan)
    mean = total / size / clusters
    var = max(total_sq / (size * size) / clusters - mean * mean, 0.0) * clusters / (clusters - 1)
    half = z * math.sqrt(var / clusters)
    return (mean - half, mean + half)


def elo_from_score(score):
    """Elo difference implied by a score rate in (0, 1): -400 log10(1/score - 1).
    Returns -inf at 0 and +inf at 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo):
    """Expected score of a side `elo` points stronger: 1 / (1 + 10^(-elo/400))."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_interval(wins, ties, games, z=Z95):
    """(elo, lo, hi): the Elo difference of a side with `wins` and `ties` in `games`, and its
    interval from the Wilson interval of the score rate (wins + ties/2) / games."""
    if games <= 0:
        return math.nan, -math.inf, math.inf
    points = wins + 0.5 * ties
    lo, hi = wilson(points, games, z)
    return elo_from_score(points / games), elo_from_score(lo), elo_from_score(hi)


def paired_score_interval(scores, groups, z=Z95):
    """(mean, lo, hi) of per-game scores (1 win, 0.5 tie, 0 loss) whose games come in groups
    of correlated games (for duplicate deals, the games that share their cards). The standard
    error comes from the spread of the group means, so the correlation inside a group is
    accounted for. With fewer than two groups the interval is (0, 1)."""
    scores = np.asarray(scores, dtype=float)
    groups = np.asarray(groups)
    if scores.size == 0:
        return math.nan, 0.0, 1.0
    _, inverse = np.unique(groups, return_inverse=True)
    n_groups = inverse.max() + 1
    sums = np.bincount(inverse, weights=scores, minlength=n_groups)
    sizes = np.bincount(inverse, minlength=n_groups)
    means = sums / sizes
    mean = float(scores.mean())
    if n_groups < 2:
        return mean, 0.0, 1.0
    se = float(np.std(means, ddof=1)) / math.sqrt(n_groups)
    return mean, max(0.0, mean - z * se), min(1.0, mean + z * se)


def two_proportion_test(x1, n1, x2, n2):
    """Two-sided p-value of the pooled two-proportion z-test that x1/n1 and x2/n2 come from
    the same rate (x may be fractional). NaN when either n is 0 or the pooled rate is 0 or 1
    (nothing varies, so nothing can differ significantly: reported as 1.0)."""
    if n1 <= 0 or n2 <= 0:
        return math.nan
    pooled = (x1 + x2) / (n1 + n2)
    var = pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)
    if var <= 0.0:
        return 1.0
    zval = (x1 / n1 - x2 / n2) / math.sqrt(var)
    return float(2.0 * _st.norm.sf(abs(zval)))


def excess_difference_test(x1, n1, f1, x2, n2, f2):
    """Two-sided p-value of the z-test that two rates exceed their own reference values by
    the same amount: (x1/n1 - f1) = (x2/n2 - f2), e.g. a first dealer's win rate above its
    fair share with two players against three. Unpooled variances, since the rates differ
    by design. NaN when either n is 0; 1.0 when neither rate varies and the excesses match."""
    if n1 <= 0 or n2 <= 0:
        return math.nan
    p1, p2 = x1 / n1, x2 / n2
    var = p1 * (1.0 - p1) / n1 + p2 * (1.0 - p2) / n2
    diff = (p1 - f1) - (p2 - f2)
    if var <= 0.0:
        return 1.0 if diff == 0.0 else 0.0
    return float(2.0 * _st.norm.sf(abs(diff) / math.sqrt(var)))


def chi2_gof_test(counts, probabilities, min_expected=5.0):
    """P-value of the chi-square goodness-of-fit test that `counts` (observations per score)
    come from `probabilities` (same bins; they need not sum to exactly 1 over the bins given,
    they are normalised). Bins whose expected count is below min_expected are pooled, from
    the rare end, so the chi-square approximation holds. Returns (p, degrees of freedom);
    NaN when fewer than two bins remain. An observation in a bin of probability 0 gives p 0."""
    counts = np.asarray(counts, dtype=float)
    probs = np.asarray(probabilities, dtype=float)
    n = counts.sum()
    if n <= 0:
        return math.nan, 0
    if np.any((probs <= 0) & (counts > 0)):
        return 0.0, 0
    keep = probs > 0
    counts, probs = counts[keep], probs[keep] / probs[keep].sum()
    expected = n * probs
    # Pool the rarest bins together until the pool is large enough, then pool any other small
    # bin into it as well.
    order = np.argsort(expected, kind="stable")
    pool_obs = pool_exp = 0.0
    big = np.ones(len(expected), dtype=bool)
    for i in order:
        if expected[i] >= min_expected and pool_exp >= min_expected:
            break
        if expected[i] < min_expected or pool_exp < min_expected:
            pool_obs += counts[i]
            pool_exp += expected[i]
            big[i] = False
    obs = np.r_[counts[big], pool_obs] if pool_exp > 0 else counts[big]
    exp = np.r_[expected[big], pool_exp] if pool_exp > 0 else expected[big]
    if len(obs) < 2:
        return math.nan, 0
    chi2 = float(np.sum((obs - exp) ** 2 / exp))
    dof = len(obs) - 1
    return float(_st.chi2.sf(chi2, dof)), dof


def welch_test(a, b):
    """Two-sided p-value of Welch's t-test that samples a and b have the same mean. NaN when
    either has fewer than two values; 1.0 when neither varies and the means are equal."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    if a.size < 2 or b.size < 2:
        return math.nan
    va, vb = a.var(ddof=1), b.var(ddof=1)
    if va == 0.0 and vb == 0.0:
        return 1.0 if a.mean() == b.mean() else 0.0
    with warnings.catch_warnings():
        # scipy warns when nearly every value is equal (its moments lose precision); the test
        # is still the right one, and such samples are common (heels points are mostly 0).
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(_st.ttest_ind(a, b, equal_var=False).pvalue)


def welch_test_moments(n1, mean1, var1, n2, mean2, var2):
    """welch_test() from each sample's count, mean and variance (ddof 1), as kept by a
    streaming pass."""
    if n1 < 2 or n2 < 2:
        return math.nan
    if var1 == 0.0 and var2 == 0.0:
        return 1.0 if mean1 == mean2 else 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return float(_st.ttest_ind_from_stats(mean1, math.sqrt(var1), n1, mean2,
                                              math.sqrt(var2), n2, equal_var=False).pvalue)


def paired_test(mean, sd, n):
    """Two-sided p-value of the paired t-test that per-pair differences with this mean,
    standard deviation (ddof 1) and count come from a zero mean. NaN below two pairs; with
    no spread, 1.0 for a zero mean and 0.0 otherwise."""
    if n < 2:
        return math.nan
    if sd == 0.0:
        return 1.0 if mean == 0.0 else 0.0
    t = mean / (sd / math.sqrt(n))
    return float(2.0 * _st.t.sf(abs(t), n - 1))


def chi2_counts_test(counts_a, counts_b):
    """P-value of the chi-square test that two histograms (counts over the same bins) come
    from the same distribution; bins empty in both are dropped. NaN if fewer than two bins."""
    a = np.asarray(counts_a, dtype=float)
    b = np.asarray(counts_b, dtype=float)
    keep = (a + b) > 0
    if keep.sum() < 2 or a.sum() == 0 or b.sum() == 0:
        return math.nan
    table = np.vstack([a[keep], b[keep]])
    return float(_st.chi2_contingency(table, correction=False)[1])


def binomial_test(successes, trials, p):
    """Two-sided exact binomial p-value that `successes` (rounded down) of `trials` come
    from rate p."""
    if trials <= 0:
        return math.nan
    return float(_st.binomtest(int(successes), int(trials), p).pvalue)


def holm(pvalues):
    """Holm's step-down adjusted p-values for a family of tests (NaN stays NaN). A test is
    significant at level a when its adjusted p-value is below a; the family's chance of any
    false positive stays below a."""
    p = np.asarray(pvalues, dtype=float)
    out = np.full(p.shape, math.nan)
    valid = np.flatnonzero(~np.isnan(p))
    order = valid[np.argsort(p[valid], kind="stable")]
    m = len(order)
    running = 0.0
    for i, idx in enumerate(order):
        running = max(running, min(1.0, (m - i) * p[idx]))
        out[idx] = running
    return out
