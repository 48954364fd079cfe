"""Tests of cribsim.analysis.win_grid (the board-position win table's heat map and tables) on small
hand-made cs_win_grid CSVs whose every figure is worked out here: the rates, the published
figures beside them and whether their intervals hold them, the second grid's differences, and
the refusals of malformed tables. The real tables come from `build/cs_win_grid`.

Run by ctest, or directly: .venv/bin/python tests/test_analysis_win_grid.py
"""

import contextlib
import io
import os
import sys
import tempfile
import unittest

SOURCE_DIR = os.environ.get("CRIBSIM_SOURCE_DIR",
                            os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import cribsim  # noqa: E402

# The checkout's modules first (an editable install made from another checkout of the same
# repository would otherwise supply its own, without this one).
_here = os.path.join(SOURCE_DIR, "analysis", "cribsim")
if _here not in cribsim.__path__:
    cribsim.__path__.insert(0, _here)

from cribsim.analysis import win_grid  # noqa: E402

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
HEADER = "dealer,pone,games,dealer_wins,rate,lo95,hi95,mean_deals\n"


def wilson(k, n):
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    mid = p + z * z / (2 * n)
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (mid - half) / d, (mid + half) / d


def row(d, p, n, k, deals=5.0):
    lo, hi = wilson(k, n)
    return f"{d},{p},{n},{k},{k / n:.4f},{lo:.4f},{hi:.4f},{deals:.3f}\n"


class WinGridTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def run_main(self, argv):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = win_grid.main(argv)
        return status, out.getvalue(), err.getvalue()

    def grid(self):
        # Scores 0, 35, 37, 120 for each side: 16 cells. 0-0: 600 of 1000 (60.0%, interval
        # [56.9%, 63.0%]: holds neither 55.5% nor 56%); 35-37: 520 of 1000 (52.0%, [48.9%,
        # 55.1%]: holds 51%); the rest 1 of 2 or what the scores say.
        lines = [HEADER]
        for d in (0, 35, 37, 120):
            for p in (0, 35, 37, 120):
                if (d, p) == (0, 0):
                    lines.append(row(d, p, 1000, 600))
                elif (d, p) == (35, 37):
                    lines.append(row(d, p, 1000, 520))
                else:
                    lines.append(row(d, p, 2, 1))
        return self.write("expert.csv", "".join(lines))

    def test_tables_and_published_figures(self):
        out = os.path.join(self.dir, "out")
        os.mkdir(out)
        mc = self.write("mc.csv", HEADER + row(0, 0, 100, 70) + row(35, 37, 100, 52)
                        + row(7, 7, 10, 5))
        status, printed, err = self.run_main([self.grid(), "--mc", mc, "-o", out,
                                              "--command", "results/regenerate.sh win-grid"])
        self.assertEqual(status, 0, err)
        with open(os.path.join(out, "table.md")) as f:
            text = f.read()
        self.assertIn("| 35 | 37 | 51.0% | 52.0% | [48.9%, 55.1%] | yes |", text)
        self.assertIn("| 0 | 0 | 55.5% | 60.0% | [56.9%, 63.0%] | no |", text)
        self.assertIn("| 0 | 0 | 56.0% | 60.0% | [56.9%, 63.0%] | no |", text)
        self.assertIn("orbitals.com/cp/calc/details.html", text)
        self.assertIn("results/regenerate.sh win-grid", text)
        # Every ten points: 0 and the last score (120) only; 35 and 37 are not multiples.
        self.assertIn("| dealer \\ pone | 0 | 120 |", text)
        self.assertIn("(at 37-37 it is [9.4%, 90.5%])", text)  # 1 of 2, the cell nearest 60-60
        self.assertIn("| **0** | 60 | 50 |", text)
        # mc's cells beside expert's: 0-0 70 against 60, +10.0 with half-width
        # 1.96 * sqrt(.6 * .4 / 1000 + .7 * .3 / 100) = 9.5: significant; 35-37 +0.0 +- 1.96 *
        # sqrt(.52 * .48 / 1000 + .52 * .48 / 100) = 10.3; 7-7 is
        # not in the first grid.
        self.assertIn("2 shared cells", text)
        self.assertIn("| 0 | 0 | 60.0% | 70.0% | +10.0 +- 9.5* |", text)
        self.assertIn("| 35 | 37 | 52.0% | 52.0% | +0.0 +- 10.3 |", text)
        self.assertIn("1 of 2 cells differ at 95%", text)
        self.assertIn("35-37: 52.0% [48.9%, 55.1%] against 51.0% published", printed)
        self.assertIn("largest mc - expert: 0-0: +10.0 +- 9.5", printed)
        for png in ("heatmap.png", "heatmap-mc.png"):
            with open(os.path.join(out, png), "rb") as f:
                self.assertEqual(f.read(8), PNG_MAGIC)

    def test_refusals_name_the_file(self):
        out = os.path.join(self.dir, "out")
        os.mkdir(out)
        cases = {
            "header.csv": "d,p\n0,0\n",
            "short.csv": HEADER + "0,0,10,5\n",
            "word.csv": HEADER + "0,0,ten,5,0.5,0.2,0.8,3\n",
            "wins.csv": HEADER + row(0, 0, 10, 5).replace(",10,5,", ",10,11,"),
            "twice.csv": HEADER + row(0, 0, 10, 5) + row(0, 0, 10, 5),
            "empty.csv": HEADER,
        }
        for name, text in cases.items():
            path = self.write(name, text)
            status, _, err = self.run_main([path, "-o", out])
            self.assertEqual(status, 2, name)
            self.assertIn(name, err, name)
        status, _, err = self.run_main([os.path.join(self.dir, "none.csv"), "-o", out])
        self.assertEqual(status, 2)
        self.assertIn("none.csv", err)
        self.assertFalse(os.path.exists(os.path.join(out, "table.md")))


if __name__ == "__main__":
    sys.exit(0 if unittest.main(exit=False).result.wasSuccessful() else 1)
