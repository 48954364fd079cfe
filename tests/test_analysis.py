"""Unit tests of the analysis layer (analysis/cribsim/): statistics against hand-worked values, the
show and pegging scorers on known hands, every match and league scheme on hand-made game
sequences, and loading run files, including the errors for files that are not cribsim runs.

Run by ctest (CMakeLists.txt runs every tests/test_*.py with CRIBSIM_PYTHON, the project's
.venv: .ci/python.sh), or directly: .venv/bin/python tests/test_analysis.py
"""

import math
import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cribsim.io import cards
from cribsim.io import runfile
import fixtures
from cribsim.analysis import matches
from cribsim.analysis import stats


def C(text):
    """Card codes from text: C("5H JS") -> [18, 43]."""
    return [cards.parse_card(t) for t in text.split()]


class TestStats(unittest.TestCase):
    def test_wilson_five_of_ten_matches_hand_worked_bounds(self):
        # p = 0.5, n = 10, z^2 = 3.841459: centre 0.5, half-width
        # z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/(4n^2)) = 1.415998 * 0.186021 = 0.263407.
        lo, hi = stats.wilson(5, 10)
        self.assertAlmostEqual(lo, 0.236593, places=5)
        self.assertAlmostEqual(hi, 0.763407, places=5)

    def test_wilson_zero_successes_starts_at_zero(self):
        # p = 0: the upper bound is (z^2/n) / (1 + z^2/n) = 0.192073 / 1.192073.
        lo, hi = stats.wilson(0, 20)
        self.assertEqual(lo, 0.0)
        self.assertAlmostEqual(hi, 0.161125, places=5)

    def test_wilson_all_successes_ends_at_one(self):
        lo, hi = stats.wilson(20, 20)
        self.assertEqual(hi, 1.0)
        self.assertAlmostEqual(lo, 1 - 0.161125, places=5)

    def test_wilson_without_trials_is_the_whole_range(self):
        self.assertEqual(stats.wilson(0, 0), (0.0, 1.0))

    def test_elo_of_three_to_one_odds_is_400_log10_3(self):
        self.assertAlmostEqual(stats.elo_from_score(0.75), 190.848501, places=5)
        self.assertAlmostEqual(stats.elo_from_score(0.25), -190.848501, places=5)
        self.assertEqual(stats.elo_from_score(0.5), 0.0)
        self.assertEqual(stats.elo_from_score(1.0), math.inf)
        self.assertEqual(stats.elo_from_score(0.0), -math.inf)

    def test_score_from_elo_inverts_elo_from_score(self):
        for s in (0.1, 0.37, 0.5, 0.8):
            self.assertAlmostEqual(stats.score_from_elo(stats.elo_from_score(s)), s)

    def test_elo_interval_counts_ties_as_half_and_maps_wilson_bounds(self):
        # 6 wins and 2 ties in 10 games score 7/10: Elo 400 log10(7/3) = 147.19.
        elo, lo, hi = stats.elo_interval(6, 2, 10)
        self.assertAlmostEqual(elo, 147.190, places=2)
        wlo, whi = stats.wilson(7, 10)
        self.assertAlmostEqual(lo, stats.elo_from_score(wlo))
        self.assertAlmostEqual(hi, stats.elo_from_score(whi))

    def test_paired_interval_uses_the_spread_of_group_means(self):
        # Group means 0.5, 1, 0, 0.5: mean 0.5, sd sqrt(0.5/3) = 0.408248, se 0.204124,
        # half-width 1.959964 * 0.204124 = 0.400077.
        mean, lo, hi = stats.paired_score_interval([1, 0, 1, 1, 0, 0, 1, 0], [0, 0, 1, 1, 2, 2,
                                                                             3, 3])
        self.assertAlmostEqual(mean, 0.5)
        self.assertAlmostEqual(lo, 0.099923, places=5)
        self.assertAlmostEqual(hi, 0.900077, places=5)

    def test_two_proportion_test_of_60_and_40_in_100(self):
        # Pooled 0.5: z = 0.2 / sqrt(0.25 * 0.02) = 2.828427, two-sided p = 0.004678.
        self.assertAlmostEqual(stats.two_proportion_test(60, 100, 40, 100), 0.004678, places=5)
        self.assertAlmostEqual(stats.two_proportion_test(50, 100, 50, 100), 1.0)
        self.assertTrue(math.isnan(stats.two_proportion_test(1, 0, 1, 10)))

    def test_excess_difference_test_of_two_rates_above_their_fair_shares(self):
        # 60/100 against a fair 1/2 (+0.1) and 40/100 against a fair 1/3 (+0.0667): the
        # difference 1/30 over sqrt(0.24/100 + 0.24/100) = 0.069282 is z = 0.481125, two-sided
        # p = 2 (1 - Phi(0.481125)) = 0.630425.
        self.assertAlmostEqual(stats.excess_difference_test(60, 100, 0.5, 40, 100, 1 / 3),
                               0.630425, places=5)
        # Equal excesses are no difference at all.
        self.assertAlmostEqual(stats.excess_difference_test(60, 100, 0.5, 60, 100, 0.5), 1.0)

    def test_chi2_goodness_of_fit_with_pooling_of_rare_scores(self):
        # Observed 18, 22, 60 against 20, 20, 60: chi-square 0.2 + 0.2 = 0.4 on 2 degrees of
        # freedom, whose tail is exp(-0.4 / 2) = 0.818731.
        p, dof = stats.chi2_gof_test([18, 22, 60], [0.2, 0.2, 0.6])
        self.assertEqual(dof, 2)
        self.assertAlmostEqual(p, 0.818731, places=5)
        # Expected 50, 47, 2, 1: the 1 and the 2 are too small and their pool (3) too, so the
        # 47 joins it: bins 40 | 60 against 50 | 50, chi-square 4 on 1 degree of freedom,
        # p = 2 (1 - Phi(2)) = 0.0455003.
        p, dof = stats.chi2_gof_test([40, 47, 10, 3], [0.5, 0.47, 0.02, 0.01])
        self.assertEqual(dof, 1)
        self.assertAlmostEqual(p, 0.0455003, places=6)
        # A score the distribution cannot give is a certain difference.
        self.assertEqual(stats.chi2_gof_test([5, 5, 1], [0.5, 0.5, 0.0])[0], 0.0)

    def test_welch_test_separates_different_means_only(self):
        rng = np.random.default_rng(1)
        a, b = rng.normal(0, 1, 400), rng.normal(0.5, 1, 400)
        self.assertLess(stats.welch_test(a, b), 1e-6)
        self.assertGreater(stats.welch_test(a, a + 0.0), 0.99)

    def test_holm_multiplies_by_the_remaining_tests_and_keeps_order(self):
        # Sorted 0.01, 0.03, 0.04: 3 * 0.01 = 0.03, 2 * 0.03 = 0.06, max(0.06, 1 * 0.04).
        adj = stats.holm([0.01, 0.04, 0.03, math.nan])
        np.testing.assert_allclose(adj[:3], [0.03, 0.06, 0.06])
        self.assertTrue(math.isnan(adj[3]))


class TestCards(unittest.TestCase):
    def score(self, hand, starter, flush_min=4):
        return int(cards.show_score([C(hand)], C(starter), flush_min)[0])

    def test_card_text_round_trips_every_code(self):
        for code in range(52):
            self.assertEqual(cards.parse_card(cards.card_text(code)), code)
        self.assertEqual(cards.parse_card("10c"), cards.parse_card("TC"))
        self.assertEqual(cards.card_text(255), "--")
        with self.assertRaises(ValueError):
            cards.parse_card("1X")

    def test_twenty_nine_hand(self):
        self.assertEqual(self.score("5C 5D 5H JS", "5S"), 29)

    def test_modern_rule_sheet_examples_score_23_and_14(self):
        self.assertEqual(self.score("4H 5C 5D 6S", "5S"), 23)
        b = cards.show_breakdown([C("AH 2H 3H JH")], C("4H"), 4)
        self.assertEqual((b["fifteens"][0], b["runs"][0], b["flush"][0], b["nobs"][0]),
                         (4, 4, 5, 1))
        self.assertEqual(b["total"][0], 14)

    def test_four_card_flush_scores_in_hand_not_in_crib(self):
        self.assertEqual(self.score("2H 4H 8H QH", "KC", 4) - self.score("2H 4H 8H QH", "KC", 5),
                         4)
        self.assertEqual(self.score("2H 4H 8H QH", "KH", 5) - self.score("2H 4H 8H QH", "KC", 5),
                         5)

    def test_three_card_hand_flush_scores_three(self):
        # 2+4+9 and 6+9 are fifteens (4), and three hearts with flush_min 3 score 3.
        self.assertEqual(self.score("2H 4H 6H", "9C", 3), 7)

    def test_double_run_counts_both_runs_and_the_pair(self):
        # 3 4 4 5 + K: runs 3-4-5 twice (6), pair (2), fifteens 5+K, 4+K+... none else: 2.
        self.assertEqual(self.score("3C 4D 4H 5S", "KC"), 6 + 2 + 2)

    def test_static_points_of_cards_on_their_own(self):
        self.assertEqual(int(cards.static_points([C("5C 5D TH 4S")], 4)[0]), 6)
        self.assertEqual(int(cards.static_points([C("AC 2C 3C 4C")], 4)[0]), 8)
        self.assertEqual(int(cards.static_points([C("5C TD")], 5)[0]), 2)

    def test_table_lookup_scores_as_the_direct_computation(self):
        rng = np.random.default_rng(7)
        hands = np.array([rng.choice(52, 5, replace=False) for _ in range(cards.TABLE_ROWS)])
        for m in (4, 5):
            direct = cards._rank_points_direct(hands[:, :m])
            looked_up = cards._rank_points(hands[:, :m])
            for a, b in zip(direct, looked_up):
                np.testing.assert_array_equal(a, b)

    def test_pegging_points_of_the_corrected_modern_sheet_examples(self):
        # The modern rule sheet miscounts these: K,7,7,7 scores 8 (6 + 31), and 2,3,A,4,3,2
        # scores 6 (run 4 + 15).
        self.assertEqual(cards.peg_points(C("KC 7D 7H"), C("7S")[0]), 8)
        self.assertEqual(cards.peg_points(C("2C 3D AH 4S 3C"), C("2D")[0]), 6)
        self.assertEqual(cards.peg_points(C("5C 5D"), C("5H")[0]), 8)
        self.assertEqual(cards.peg_points(C("5C 7D"), C("6H")[0]), 3)
        self.assertEqual(cards.peg_points(C("5C 7D 6H"), C("5H")[0]), 3)


def results(scores, winners, skunk, lurch=None, dealer=None, players=None, partnership=False,
            target=121):
    """GameResults from hand-made per-game side scores, winners and skunk levels."""
    scores = np.array(scores)
    n, s = scores.shape
    res = np.zeros((n, s))
    for g, w in enumerate(winners):
        if w >= 0:
            res[g, w] = 1.0
        else:
            top = scores[g] == scores[g].max()
            res[g] = top / top.sum()
    return matches.GameResults(scores, res, skunk, lurch if lurch is not None else [0] * n,
                               dealer if dealer is not None else [0] * n,
                               players or s, partnership, target)


class TestMatchSchemes(unittest.TestCase):
    """Three two-player games: side 0 wins 121-85 (a skunk, and a lurch below 91), then side 1
    wins 121-100 and 121-110."""

    def setUp(self):
        self.r = results([[121, 85], [100, 121], [110, 121]], [0, 1, 1],
                         [[0, 1], [0, 0], [0, 0]], lurch=[1, 0, 0])

    def points(self, scheme):
        return matches.scheme_points(self.r, scheme).tolist()

    def test_each_scheme_gives_the_documented_game_points(self):
        self.assertEqual(self.points("wins"), [[1, 0], [0, 1], [0, 1]])
        self.assertEqual(self.points("clips"), [[2, 0], [0, 2], [0, 2]])
        self.assertEqual(self.points("lurch"), [[2, 0], [0, 1], [0, 1]])
        # League: a winner scores -1 for a skunk, a loser its shortfall to 121.
        self.assertEqual(self.points("league"), [[-1, 36], [21, 0], [11, 0]])
        self.assertEqual(self.points("sheet-A"), [[2, 0], [0, 1], [0, 1]])
        self.assertEqual(self.points("sheet-B"), [[2, 0], [0, 1], [0, 1]])
        self.assertEqual(self.points("sheet-C"), [[3, 0], [0, 2], [0, 2]])
        self.assertEqual(self.points("sheet-D"), [[3, 0], [0, 2], [0, 2]])

    def test_double_and_triple_skunk_columns(self):
        r = results([[121, 50], [121, 20]], [0, 0], [[0, 2], [0, 3]])
        self.assertEqual(matches.scheme_points(r, "sheet-A")[:, 0].tolist(), [3, 3])
        self.assertEqual(matches.scheme_points(r, "sheet-B")[:, 0].tolist(), [4, 4])
        self.assertEqual(matches.scheme_points(r, "league")[:, 0].tolist(), [-2, -2])

    def test_best_two_of_three_against_lurch_and_the_sheet(self):
        table, notes = matches.compare_schemes(self.r, race=2, session=0, rule="consecutive")
        self.assertEqual(notes, [])
        won = {row["scheme"]: (row["side 0"], row["side 1"], row["games"])
               for _, row in table.iterrows()}
        self.assertEqual(won["wins"], (0.0, 1.0, 3.0))   # 1-2 after three games
        self.assertEqual(won["lurch"], (1.0, 0.0, 1.0))  # the lurch counts two games
        self.assertEqual(won["sheet-A"], (1.0, 0.0, 1.0))
        # sheet-C pays a plain win 2 and a skunk 3, so its race is to 4 points: 3, then 2 and 2
        # for side 1, who wins after three games, as under plain wins.
        self.assertEqual(won["sheet-C"], (0.0, 1.0, 3.0))
        self.assertEqual(table.set_index("scheme").loc["sheet-C", "target"], 4)
        rev = table.set_index("scheme")["reversed"]
        self.assertEqual((rev["wins"], rev["lurch"]), (0.0, 1.0))

    def test_schemes_are_compared_paired_on_the_same_matches(self):
        # Four best-of-three matches of consecutive games (three games each, the third unused
        # when one side has two). A: side 0 wins by a lurch, then side 1 twice: wins gives it
        # to side 1, lurch (two games) to side 0. B: side 0 twice. C: side 1, then side 0
        # twice. D: side 1 twice. Side 0 under wins: 0, 1, 1, 0 (1/2); under lurch 1, 1, 1, 0
        # (3/4). Per match, lurch minus wins: 1, 0, 0, 0: mean 1/4, sample sd
        # sqrt((0.5625 + 3 x 0.0625) / 3) = 1/2, standard error 1/4, half width 1.96 x 0.25 =
        # 0.489991; t = 1 on 3 degrees of freedom, p = 2/3 - sqrt(3) / (2 pi) = 0.391002. Side
        # 1 the mirror image.
        lost, win0, win1 = [121, 85], [121, 100], [100, 121]
        r = results([lost, win1, win1, win0, win0, win1, win1, win0, win0, win1, win1, win0],
                    [0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0],
                    [[0, 1]] + [[0, 0]] * 11, lurch=[1] + [0] * 11)
        table, _ = matches.compare_schemes(r, race=2, session=0, rule="consecutive")
        t = table.set_index("scheme")
        self.assertEqual(t.loc["lurch", "matches"], 4)
        self.assertEqual((t.loc["wins", "side 0"], t.loc["lurch", "side 0"]), (0.5, 0.75))
        self.assertAlmostEqual(t.loc["lurch", "side 0_vs_wins"], 0.25)
        self.assertAlmostEqual(t.loc["lurch", "side 0_vs_wins_lo"], 0.25 - 0.489991, places=5)
        self.assertAlmostEqual(t.loc["lurch", "side 0_vs_wins_hi"], 0.25 + 0.489991, places=5)
        self.assertAlmostEqual(t.loc["lurch", "side 0_vs_wins_p"], 0.391002, places=5)
        self.assertAlmostEqual(t.loc["lurch", "side 1_vs_wins"], -0.25)
        self.assertAlmostEqual(t.loc["lurch", "side 1_vs_wins_hi"], -0.25 + 0.489991, places=5)
        # wins against itself: no difference, a zero-width interval, p 1
        self.assertEqual((t.loc["wins", "side 0_vs_wins_lo"], t.loc["wins", "side 0_vs_wins_hi"],
                          t.loc["wins", "side 0_vs_wins_p"]), (0.0, 0.0, 1.0))
        text = matches.format_table(table, ["side 0", "side 1"])
        row = next(line for line in text.splitlines() if " lurch " in line)
        self.assertIn("+25.0% [-24.0%, +74.0%] p 0.391", row)
        self.assertIn("paired match by match", text)

    def test_a_race_among_three_lasts_until_someone_has_two_wins(self):
        # Each player wins one of the first three games; the fourth decides: a race to 2 among
        # three sides needs up to 3 * (2 - 1) + 1 = 4 games.
        r = results([[121, 100, 100], [100, 121, 100], [100, 100, 121], [121, 100, 100]],
                    [0, 1, 2, 0], [[0, 0, 0]] * 4)
        table, _ = matches.compare_schemes(r, race=2, session=0, rule="consecutive")
        t = table.set_index("scheme")
        self.assertEqual((t.loc["wins", "matches"], t.loc["wins", "undecided"]), (1, 0))
        self.assertEqual(t.loc["wins", "side 0"], 1.0)
        self.assertEqual(t.loc["wins", "games"], 4.0)

    def test_session_totals_with_league_lowest_winning(self):
        table, _ = matches.compare_schemes(self.r, race=0, session=3, rule="consecutive")
        t = table.set_index("scheme")
        self.assertEqual(t.loc["wins", "side 1"], 1.0)      # 2 games to 1
        self.assertEqual(t.loc["clips", "side 1"], 1.0)     # 4 clips to 2
        self.assertEqual(t.loc["lurch", "undecided"], 1)    # 2 games each
        self.assertEqual(t.loc["league", "side 0"], 1.0)    # 31 points against 36
        self.assertEqual(t.loc["sheet-C", "side 1"], 1.0)     # 4 against 3
        self.assertEqual(t.loc["league", "differs"], 1.0)

    def test_a_tie_shares_the_points_of_the_places(self):
        r = results([[100, 100]], [-1], [[0, 0]])
        self.assertEqual(matches.scheme_points(r, "wins").tolist(), [[0.5, 0.5]])
        self.assertEqual(matches.scheme_points(r, "clips").tolist(), [[1, 1]])
        self.assertEqual(matches.scheme_points(r, "league").tolist(), [[21, 21]])
        self.assertEqual(matches.scheme_points(r, "sheet-C").tolist(), [[1, 1]])

    def test_three_player_tables_by_place_and_loser_results(self):
        # Places: side 1 first, side 2 second (skunked: S), side 0 third (double: SS).
        r = results([[50, 121, 80]], [1], [[2, 0, 1]])
        self.assertEqual(matches.scheme_points(r, "sheet-A").tolist(), [[0, 3, 0]])
        self.assertEqual(matches.scheme_points(r, "sheet-B").tolist(), [[0, 4, 2]])
        self.assertEqual(matches.scheme_points(r, "sheet-C").tolist(), [[0, 4, 1]])
        # Equal second and third places share the 1 and 0 of variant B's N/N column.
        r = results([[121, 95, 95]], [0], [[0, 0, 0]])
        self.assertEqual(matches.scheme_points(r, "sheet-B").tolist(), [[2, 0.5, 0.5]])

    def test_four_player_tables(self):
        r = results([[121, 100, 70, 40]], [0], [[0, 0, 1, 2]])  # column N/S/SS
        self.assertEqual(matches.scheme_points(r, "sheet-B").tolist(), [[5, 4, 2, 0]])
        self.assertEqual(matches.scheme_points(r, "sheet-C").tolist(), [[5, 3, 1, 0]])
        self.assertNotIn("sheet-D", matches.schemes_for(4))
        self.assertIn("sheet-D", matches.schemes_for(2))

    def test_tables_have_one_row_per_place_above_last_and_one_value_per_column(self):
        for sides, table in matches.SHEET_TABLES.items():
            for variant, rows in table.items():
                if variant == "columns":
                    continue
                self.assertEqual(len(rows), sides - 1, f"{sides} sides {variant}")
                for row in rows:
                    self.assertEqual(len(row), len(table["columns"]))


class TestMatchDealers(unittest.TestCase):
    """Games: dealer entry 0, 0, 1, 1; side 0, 1, 0, 1 win."""

    def setUp(self):
        self.r = results([[121, 90], [90, 121], [121, 90], [90, 121]], [0, 1, 0, 1],
                         [[0, 1], [1, 0], [0, 1], [1, 0]], dealer=[0, 0, 1, 1])

    def test_alternate_takes_the_next_game_dealt_by_the_other_player(self):
        # Match 0 starts with the first game dealt by entry 0 (game 0), then entry 1 deals:
        # game 2. Match 1 starts with a game dealt by entry 1 (game 3), then entry 0: game 1.
        m, note = matches.build_matches(self.r, 2, "alternate")
        self.assertIsNone(note)
        self.assertEqual(m.tolist(), [[0, 2], [3, 1]])

    def test_loser_deals_the_next_game(self):
        # Dealers 0, 1, 0, 1; side 0 loses game 0 and side 1 loses game 1. Loser: match 0 is
        # game 0 (entry 0 deals), then its loser, entry 0, deals: game 2; match 1 is game 1
        # (entry 1), then its loser entry 1 deals: game 3. Alternating would pair 0 with 1.
        r = results([[90, 121], [121, 90], [121, 90], [90, 121]], [1, 0, 0, 1],
                    [[1, 0], [0, 1], [0, 1], [1, 0]], dealer=[0, 1, 0, 1])
        self.assertEqual(matches.build_matches(r, 2, "loser")[0].tolist(), [[0, 2], [1, 3]])
        self.assertEqual(matches.build_matches(r, 2, "alternate")[0].tolist(),
                         [[0, 1], [3, 2]])

    def test_first_games_of_matches_are_dealt_as_a_fair_cut_deals_them(self):
        # Side 0 wins every game, so under `loser` entry 1 deals every game after the first.
        # The first game of each match must still be dealt by entries 0 and 1 in turn (a fair
        # cut), not by whoever dealt the games the rule left over (here nearly all entry 0).
        rng = np.random.default_rng(3)
        n = 400
        r = results([[121, 100]] * n, [0] * n, [[0, 0]] * n,
                    dealer=rng.integers(0, 2, n).tolist())
        m, _ = matches.build_matches(r, 3, "loser")
        self.assertGreater(len(m), 50)
        first = r.dealer_entry[m[:, 0]]
        self.assertEqual(first.tolist(), [i % 2 for i in range(len(m))])
        self.assertTrue(np.all(r.dealer_entry[m[:, 1:]] == 1))
        self.assertEqual(len(set(m.ravel().tolist())), m.size)  # no game used twice

    def test_consecutive_ignores_the_dealer(self):
        m, _ = matches.build_matches(self.r, 2, "consecutive")
        self.assertEqual(m.tolist(), [[0, 1], [2, 3]])

    def test_a_fixed_first_dealer_cannot_alternate_and_says_so(self):
        r = results([[121, 90]] * 4, [0] * 4, [[0, 1]] * 4, dealer=[0] * 4)
        m, note = matches.build_matches(r, 2, "alternate")
        self.assertEqual(len(m), 0)
        self.assertIn("first dealer", note)
        table, notes = matches.compare_schemes(r, race=0, session=2, rule="alternate")
        self.assertEqual(table["dealer rule"].iloc[0], "consecutive")
        self.assertEqual(len(notes), 1)

    def test_games_dealt_the_same_cards_never_share_a_match(self):
        # Duplicate deals: games 2k and 2k+1 share their cards, and with the lineup rotated the
        # twin of a game dealt by entry 0 is dealt by entry 1, the one `alternate` asks for
        # next. Match 0: game 0 (entry 0), then entry 1 but not game 1 (its twin): game 3.
        # Match 1: entry 1 first: game 1; then entry 0: game 2, whose cards are new to the
        # match. Consecutive games skip twins the same way: 0 with 2, then 1 with 3.
        r = results([[121, 90]] * 4, [0] * 4, [[0, 1]] * 4, dealer=[0, 1, 0, 1])
        r.card_group = np.array([0, 0, 1, 1])
        self.assertEqual(matches.build_matches(r, 2, "alternate")[0].tolist(), [[0, 3], [1, 2]])
        self.assertEqual(matches.build_matches(r, 2, "consecutive")[0].tolist(),
                         [[0, 2], [1, 3]])

    def test_partners_loser_deals_from_either_seat_of_the_losing_team(self):
        r = results([[121, 90], [121, 90]], [0, 0], [[0, 1], [0, 1]], dealer=[0, 3],
                    players=4, partnership=True)
        self.assertEqual(matches.next_dealers(r, 0, "loser"), [1, 3])
        m, _ = matches.build_matches(r, 2, "loser")
        self.assertEqual(m.tolist(), [[0, 1]])


class TestLoading(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def simple_run(self, name="run.h5", **kw):
        games = fixtures.games_array([
            {"winner": 0, "score": [121, 80], "first_dealer": 0, "deals": 9, "skunk": [0, 1]},
            {"winner": 1, "score": [100, 121], "first_dealer": 1, "deals": 10},
            {"winner": 0, "score": [122, 110], "first_dealer": 1, "deals": 11},
        ], rotation=kw.pop("rotation", True))
        return fixtures.write_run(self.path(name), games, **kw)

    def test_loads_games_attributes_and_rules(self):
        run = runfile.load(self.simple_run(seats=("a", "b")))
        self.assertEqual(run.n_games, 3)
        self.assertEqual(run.seats, ["a", "b"])
        self.assertEqual(run.rules["target"], 121)
        self.assertEqual(run.attrs["git_commit"], "fixture")
        frame = run.games_frame()
        self.assertEqual(frame["score_1"].tolist(), [80, 121, 110])
        self.assertNotIn("score_2", frame.columns)
        self.assertEqual(frame["strategy_0"].tolist(), ["a", "a", "a"])

    def test_seats_as_array_json_or_comma_text(self):
        for form in ("array", "json", "comma"):
            run = runfile.load(self.simple_run(f"{form}.h5", seats=("greedy", "random"),
                                                    seats_as=form))
            self.assertEqual(run.seats, ["greedy", "random"], form)
        self.assertEqual(runfile.parse_seats("expected:a=1,b=2,random"),
                         ["expected:a=1,b=2", "random"])

    def test_only_games_completed_rows_are_read(self):
        run = runfile.load(self.simple_run(attrs={"games_completed": np.uint64(2)}))
        self.assertEqual(run.n_games, 2)

    def test_deals_of_incomplete_games_are_dropped(self):
        games, deals = fixtures.simulate(4, seed=3)
        path = fixtures.write_run(self.path("d.h5"), games, deals,
                                  attrs={"games_completed": np.uint64(3)})
        run = runfile.load(path)
        self.assertEqual(run.n_games, 3)
        self.assertEqual(len(run.deals), int(np.sum(deals["game"] < 3)))

    def test_rotation_maps_seats_to_lineup_entries(self):
        # Three players, lineup a b c; rotation 1: seat s is played by entry (s + 1) mod 3.
        games = fixtures.games_array([
            {"winner": 0, "score": [121, 80, 70], "rotation": 0},
            {"winner": 0, "score": [121, 80, 70], "rotation": 1},
            {"winner": 2, "score": [80, 70, 121], "rotation": 2},
        ])
        run = runfile.load(fixtures.write_run(self.path("rot.h5"), games,
                                                   seats=("a", "b", "c")))
        self.assertEqual(run.seat_entry().tolist(), [[0, 1, 2], [1, 2, 0], [2, 0, 1]])
        self.assertEqual(run.games_frame()["strategy_0"].tolist(), ["a", "b", "c"])
        # Seat 0 won games 0 and 1 (a, then b); seat 2 won game 2, played by entry 1 (b).
        _, result_b, _ = run.strategy_games("b")
        self.assertEqual(result_b.tolist(), [0.0, 1.0, 1.0])

    def test_missing_rotation_field_means_no_rotation(self):
        run = runfile.load(self.simple_run(rotation=False, seats=("a", "b")))
        self.assertEqual(run.rotation.tolist(), [0, 0, 0])
        self.assertEqual(run.rotations, 1)

    def test_partnership_sides_and_results(self):
        games = fixtures.games_array([
            {"winner": 1, "score": [90, 121, 90, 121]},
            {"winner": -1, "score": [100, 100, 100, 100]},
        ])
        r = fixtures.rules(players=4, partnership=True)
        run = runfile.load(fixtures.write_run(self.path("p.h5"), games, rules_dict=r,
                                                   seats=("a", "b", "a", "b")))
        self.assertEqual(run.n_sides, 2)
        self.assertEqual(run.side_results().tolist(), [[0, 1], [0.5, 0.5]])
        self.assertEqual(run.entry_results().tolist(), [[0, 1, 0, 1], [0.5] * 4])

    def error_for(self, path):
        with self.assertRaises(runfile.CribsimFileError) as ctx:
            runfile.load(path)
        self.assertIn(path, str(ctx.exception))
        return str(ctx.exception)

    def test_missing_file_is_named(self):
        self.assertIn("no such file", self.error_for(self.path("absent.h5")))

    def test_text_file_is_not_hdf5(self):
        with open(self.path("notes.h5"), "w") as f:
            f.write("this is not an HDF5 file\n")
        self.assertIn("not an HDF5 file", self.error_for(self.path("notes.h5")))

    def test_foreign_hdf5_file_is_not_a_cribsim_run(self):
        import h5py
        with h5py.File(self.path("foreign.h5"), "w") as f:
            f.create_dataset("x", data=np.arange(3))
        self.assertIn("not a cribsim run file", self.error_for(self.path("foreign.h5")))

    def test_games_table_without_a_field_is_refused(self):
        games = fixtures.games_array([{"winner": 0, "score": [121, 80]}])
        names = [n for n in games.dtype.names if n != "skunk"]
        slim = np.zeros(1, dtype=[(n, games.dtype.fields[n][0]) for n in names])
        path = fixtures.write_run(self.path("slim.h5"), slim)
        self.assertIn("'skunk'", self.error_for(path))

    def test_truncated_file_is_refused(self):
        games, deals = fixtures.simulate(30, seed=2)
        path = fixtures.write_run(self.path("whole.h5"), games, deals)
        with open(path, "rb") as f:
            data = f.read()
        cut = self.path("cut.h5")
        with open(cut, "wb") as f:
            f.write(data[:len(data) // 2])
        self.error_for(cut)

    def test_more_games_completed_than_rows_is_truncation(self):
        path = self.simple_run(attrs={"games_completed": np.uint64(5)})
        self.assertIn("truncated", self.error_for(path))

    def test_unknown_schema_version_is_refused(self):
        path = self.simple_run(attrs={"schema_version": np.int32(99)})
        self.assertIn("schema_version", self.error_for(path))

    def test_unknown_rotation_scheme_is_refused(self):
        path = self.simple_run(attrs={"rotation_scheme": "something else"})
        self.assertIn("rotation_scheme", self.error_for(path))

    def test_scripts_exit_2_naming_a_foreign_file(self):
        bad = self.path("bad.h5")
        with open(bad, "w") as f:
            f.write("not hdf5")
        for script, extra in (("analysis.report", ["--summary"]), ("analysis.matches", []),
                              ("io.dataset", ["--kind", "discard", "-o", self.path("x.csv")])):
            p = subprocess.run([sys.executable, "-m", f"cribsim.{script}", bad] + extra,
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 2, script)
            self.assertIn(bad, p.stderr, script)
            self.assertIn("error", p.stderr, script)


if __name__ == "__main__":
    unittest.main()
