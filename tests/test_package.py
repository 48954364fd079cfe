"""Tests of the Python package `cribsim` as installed (pyproject.toml; .ci/python.sh installs it
into the project's .venv): the engine's extension cribsim._core against the cribsim binary, the
loader's names at the top of the package, the commands (console scripts and python -m), and
that the extension does not link HDF5 (it shares the process with h5py's own).

Run by ctest, or directly: CRIBSIM=build/cribsim .venv/bin/python tests/test_package.py
"""

import ast
import importlib.metadata
import importlib.util
import itertools
import os
import random
import subprocess
import sys
import unittest

import cribsim
import cribsim._core as core

CRIBSIM = os.environ.get("CRIBSIM", "")
RANKS, SUITS = "A23456789TJQK", "CDHS"
DECK = [r + s for r in RANKS for s in SUITS]
COMMANDS = ("report", "matches", "events", "event-study", "dataset", "minari", "results",
            "ladder", "train-discard", "train-model")


def require_binary():
    if CRIBSIM and os.path.isfile(CRIBSIM) and os.access(CRIBSIM, os.X_OK):
        return
    message = f"the cribsim binary is needed (environment CRIBSIM={CRIBSIM!r}); ctest sets it"
    if os.environ.get("CI"):
        raise AssertionError(message)
    raise unittest.SkipTest(message)


class TestCore(unittest.TestCase):

    def test_known_hands(self):
        self.assertEqual(cribsim.show_score(["5H", "5C", "5S", "JD"], "5D"), 29)
        self.assertEqual(core.show_score(["5H", "5C", "5S", "JD"], "5D"), 29)
        # a four-card flush counts in the hand, not in the crib (which needs all five)
        self.assertEqual(core.show_score(["2H", "4H", "6H", "8H"], "KS"), 4)
        self.assertEqual(core.show_score(["2H", "4H", "6H", "8H"], "KS", crib=True), 0)
        self.assertEqual(core.show_score(["2H", "4H", "6H", "8H"], "TH", crib=True), 5)
        # three cards (the five-card game): 5 + J + starter 5: fifteens and a pair
        self.assertEqual(core.show_score(["5H", "JC", "2D"], "5S"), 2 * 2 + 2)
        self.assertEqual(core.peg_score(["5H", "TD"]), 2)
        self.assertEqual(core.peg_score(["7H", "7D", "7S"]), 6)
        self.assertEqual(core.peg_score(["3C", "5D", "4H"]), 3)

    def test_bad_cards_raise_naming_them(self):
        for hand, starter, needle in ((["5H", "5C", "5S", "XX"], "5D", "XX"),
                                      (["5H", "5H", "5S", "JD"], "5D", "duplicate"),
                                      (["5H", "5C", "5S", "JD"], "5H", "starter"),
                                      (["5H", "5C"], "5D", "not 3 or 4")):
            with self.assertRaises(ValueError) as e:
                core.show_score(hand, starter)
            self.assertIn(needle, str(e.exception))
        with self.assertRaises(TypeError):
            core.show_score([5, 6, 7, 8], "5D")
        with self.assertRaises(ValueError):
            core.peg_score(["KH", "KD", "KS", "KC"])  # a count of 40

    def test_version_is_the_projects(self):
        self.assertRegex(core.engine_version(), r"^\d+\.\d+\.\d+$")
        require_binary()
        out = subprocess.run([CRIBSIM, "--version"], capture_output=True, text=True).stdout
        self.assertIn(core.engine_version(), out)

    def batch(self, command, lines, *flags):
        p = subprocess.run([CRIBSIM, command, "--batch", *flags], capture_output=True,
                           text=True, check=True, input="".join(" ".join(x) + "\n" for x in lines))
        return [int(t) for t in p.stdout.split()]

    def test_scores_agree_with_the_binary(self):
        require_binary()
        rng = random.Random(19)
        for n in (4, 3):
            hands = [rng.sample(DECK, n + 1) for _ in range(3000)]
            for crib in ((False, True) if n == 4 else (False,)):
                flags = ["--crib"] if crib else ["--cards", "3"] if n == 3 else []
                want = self.batch("score", hands, *flags)
                got = [core.show_score(h[:n], h[n], crib=crib) for h in hands]
                self.assertEqual(got, want, (n, crib))
        piles = list(itertools.islice(
            (p for p in (rng.sample(DECK, rng.randint(1, 6)) for _ in range(20000))
             if sum(min(10, RANKS.index(c[0]) + 1) for c in p) <= 31), 3000))
        self.assertEqual([core.peg_score(p) for p in piles], self.batch("peg", piles))

    def test_the_extension_does_not_link_hdf5(self):
        # The extension links the engine and the strategies only: no libhdf5 (nor libyaml,
        # ISA-L), so it never meets h5py's own HDF5 in one process.
        p = subprocess.run(["ldd", core.__file__], capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        for lib in ("hdf5", "yaml", "isal", "cunit"):
            self.assertNotIn(lib, p.stdout)
        import h5py  # noqa: F401  (both in one process)
        self.assertEqual(core.show_score(["5H", "5C", "5S", "JD"], "5D"), 29)


class TestPackage(unittest.TestCase):

    def test_the_loader_is_at_the_top(self):
        for name in ("games", "deals", "plays", "iter_games", "iter_deals", "iter_plays",
                     "rules", "provenance", "events", "standings", "event_games", "table",
                     "CribsimFileError"):
            self.assertTrue(callable(getattr(cribsim, name)), name)
            self.assertIn(name, dir(cribsim))
        from cribsim.io import loader, runfile
        self.assertIs(cribsim.games, loader.games)
        self.assertIs(cribsim.CribsimFileError, runfile.CribsimFileError)
        with self.assertRaises(AttributeError):
            cribsim.no_such_name  # noqa: B018

    def test_the_package_is_the_installed_one(self):
        # imported through an installation (pip install: its metadata, the version
        # CMakeLists.txt's project() gives both), not a path put into sys.path
        self.assertEqual(importlib.metadata.version("cribsim"), core.engine_version())
        self.assertEqual(os.path.basename(os.path.dirname(cribsim.__file__)), "cribsim")

    def test_commands(self):
        bindir = os.path.dirname(sys.executable)
        for name in COMMANDS:
            exe = os.path.join(bindir, f"cribsim-{name}")
            p = subprocess.run([exe, "--help"], capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, (name, p.stderr))
            self.assertIn("usage", p.stdout.lower(), name)
        p = subprocess.run([sys.executable, "-m", "cribsim.analysis.report", "--help"],
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("usage", p.stdout.lower())

    def test_every_console_script_names_a_main(self):
        # pyproject.toml's [project.scripts], as installed: each module imports and has the
        # function named (a script left on an old module path fails here, not at a user's prompt)
        scripts = [e for e in importlib.metadata.entry_points(group="console_scripts")
                   if e.value.startswith("cribsim.")]
        self.assertEqual(len(scripts), len(COMMANDS) + 1, [e.name for e in scripts])
        for e in scripts:
            self.assertTrue(callable(e.load()), e.name)

    def test_the_tests_fixtures_are_not_installed(self):
        self.assertIsNone(importlib.util.find_spec("cribsim.io.fixtures"))
        self.assertIsNone(importlib.util.find_spec("cribsim.fixtures"))


# Which of the package's parts a part may not import (README.md's Layout): io/ is the bottom,
# analysis/ builds on it, train/ on both (a trainer measures what it trained).
FORBIDDEN = {"io": ("analysis", "train"), "analysis": ("train",)}


def package_imports(root):
    """(module, imported) for every import of a cribsim module in the package's sources under
    root, both named from the package's top, relative imports resolved: ("io.cliio",
    "analysis.report") for `from ..analysis import report` in io/cliio.py."""
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            module = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
            package = module.split(".")[:-1]  # io/cliio.py and io/__init__.py: ["io"]
            with open(path, encoding="utf-8") as f:
                tree = ast.parse(f.read(), path)
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level:
                    base = package[:len(package) - (node.level - 1)] + [node.module or ""]
                    names = ["cribsim." + ".".join(base + [a.name]).strip(".")
                             for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [f"{node.module}.{a.name}" for a in node.names]
                else:
                    continue
                for n in names:
                    if n.startswith("cribsim."):
                        yield module, n[len("cribsim."):].replace("..", ".")


class TestLayers(unittest.TestCase):

    def test_the_parts_import_only_downwards(self):
        root = os.path.dirname(cribsim.__file__)
        seen = 0
        for module, imported in package_imports(root):
            seen += 1
            part, target = module.split(".")[0], imported.split(".")[0]
            self.assertNotIn(target, FORBIDDEN.get(part, ()),
                             f"cribsim.{module} imports cribsim.{imported}")
        self.assertGreater(seen, 40)


if __name__ == "__main__":
    unittest.main()
