"""Input and output of the analysis commands: what every tool does the same way at its edges.

Outputs. A tool never leaves half a file and never writes where it was not asked to:

- check_output(path, force): the file may be written only if its folder exists (a missing
  folder is refused, never created) and, unless `force`, no file is there yet (an existing
  file is refused: `--force` replaces it). A folder at the path is always refused.
- check_output_dir(path): a folder the tool writes several files into must exist.
- output_path(path, force) is a context manager yielding the name of a new temporary file in
  the same folder (tempfile's unique name, created exclusively, so no link planted under a
  guessed name is followed and no two writers meet); when the block ends normally the file is
  renamed over `path` (an atomic replacement on POSIX that replaces a link at `path` rather
  than writing through it), and when it raises, the temporary file is removed and `path` is
  untouched. output(path, mode, force) does the same with a file object on it, flushed and
  synced before the rename; write_text(), write_bytes() and save_figure() use it. Every tool
  writes its files through one of these.
- output_files(folder, old) is the same for a set of files in a folder (a dataset's shards):
  the caller writes the new set into a temporary folder inside `folder`; when the block ends
  normally the files `old` leave `folder` and the new ones take their place, and when it
  raises, the temporary folder is removed and `folder` keeps the old set whole.

Text from files. Strategy names, seats, statuses and every other string a tool prints from a
file are data: printable(text) escapes what a terminal would act on (control characters but
the newline, and Unicode's invisible format characters such as the bidirectional overrides) as
\\xNN or \\uNNNN, so a file cannot drive the terminal. The tools pass what they print, their
error messages and the reports they write through it.

Errors. tool(prog) wraps a command's main(argv): bad input (BadInput, CribsimFileError, and
what h5py, HDF5 and numpy raise on a damaged file: OSError, RuntimeError, KeyError,
ValueError, TypeError, IndexError) becomes one line on standard error, "PROG: error: MESSAGE",
and exit status 2; a failure while writing an output (WriteError) exit status 1; no
traceback either way. The message names the file: reading(path) marks the file being read, so
an exception from inside names it even when the library's message does not.
"""

import contextlib
import functools
import os
import shutil
import sys
import tempfile

from . import runfile

# The exceptions h5py, HDF5 and numpy raise on damaged or inconsistent data.
DATA_ERRORS = (OSError, RuntimeError, KeyError, ValueError, TypeError, IndexError)

_reading = []  # the files being read, innermost last (reading())


class BadInput(Exception):
    """Input a tool refuses: the message names the file (or option) and the problem."""


class WriteError(Exception):
    """An output that could not be written: the message names the file."""


# Everything a tool reports as bad input (exit status 2).
INPUT_ERRORS = (BadInput, runfile.CribsimFileError) + DATA_ERRORS


def check_output(path, force=False):
    """Raises BadInput unless `path` may be written: its folder exists, it is not a folder,
    and it does not exist unless `force`."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise BadInput(f"{path}: the folder {os.path.dirname(path) or '.'} does not exist "
                       "(it is not created)")
    if os.path.isdir(path):
        raise BadInput(f"{path} is a folder, not a file")
    if os.path.lexists(path) and not force:
        raise BadInput(f"{path} exists (give --force to replace it)")


def check_output_dir(path):
    """Raises BadInput unless `path` is an existing folder."""
    if not os.path.exists(path):
        raise BadInput(f"{path}: no such folder (create it first; it is not created)")
    if not os.path.isdir(path):
        raise BadInput(f"{path} exists and is not a folder")


def _mkstemp(path):
    """(descriptor, name) of a new temporary file beside `path`."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        return tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.", suffix=".tmp")
    except OSError as e:
        raise WriteError(f"{path}: cannot write in {folder}: {e.strerror or e}")


def _commit(tmp, path, force):
    os.chmod(tmp, 0o666 & ~_umask())
    if not force and os.path.lexists(path):
        raise BadInput(f"{path} appeared while it was written (give --force to replace it)")
    os.replace(tmp, path)


@contextlib.contextmanager
def output_path(path, force=False):
    """The name of a new temporary file beside `path`, renamed to `path` when the block ends
    without an exception (removed otherwise), for writers that open files by name (HDF5).
    check_output() first."""
    check_output(path, force)
    fd, tmp = _mkstemp(path)
    os.close(fd)
    done = False
    try:
        yield tmp
        _commit(tmp, path, force)
        done = True
    except OSError as e:
        raise WriteError(f"{path}: cannot write: {e.strerror or e}")
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


@contextlib.contextmanager
def output(path, mode="w", force=False):
    """A file object on a temporary file beside `path`, renamed to `path` when the block
    ends without an exception (removed otherwise). check_output() first."""
    check_output(path, force)
    fd, tmp = _mkstemp(path)
    done = False
    try:
        with os.fdopen(fd, mode) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        _commit(tmp, path, force)
        done = True
    except OSError as e:
        raise WriteError(f"{path}: cannot write: {e.strerror or e}")
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


@contextlib.contextmanager
def output_files(folder, old):
    """A new temporary folder inside `folder` to write a set of files in. When the block ends
    without an exception, the files `old` (paths in `folder`: the set being replaced) are
    moved out and every file of the temporary folder is moved in under its name; when it
    raises, the temporary folder is removed and `folder` is untouched. A failure while the
    sets trade places puts the old set back. check_output_dir() first."""
    check_output_dir(folder)
    try:
        work = tempfile.mkdtemp(dir=folder, prefix=".new-")
    except OSError as e:
        raise WriteError(f"{folder}: cannot write in it: {e.strerror or e}")
    try:
        yield work
        _swap(folder, work, old)
    except OSError as e:
        raise WriteError(f"{folder}: cannot write: {e.strerror or e}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _swap(folder, work, old):
    """Moves the files `old` from `folder` into work/.old and the files of `work` into
    `folder`; on a failure, undoes what was done and raises."""
    trash = os.path.join(work, ".old")
    os.mkdir(trash)
    moved, placed = [], []
    try:
        for path in old:
            os.rename(path, os.path.join(trash, os.path.basename(path)))
            moved.append(path)
        for name in sorted(os.listdir(work)):
            if name != ".old":
                os.chmod(os.path.join(work, name), 0o666 & ~_umask())
                os.rename(os.path.join(work, name), os.path.join(folder, name))
                placed.append(name)
    except OSError:
        for name in placed:
            with contextlib.suppress(OSError):
                os.rename(os.path.join(folder, name), os.path.join(work, name))
        for path in moved:
            with contextlib.suppress(OSError):
                os.rename(os.path.join(trash, os.path.basename(path)), path)
        raise


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text(path, text, force=False):
    """Writes `text`, as printable() gives it, to `path` through output()."""
    with output(path, "w", force) as f:
        f.write(printable(text))
    return path


def write_bytes(path, data, force=False):
    """Writes the bytes `data` to `path` through output()."""
    with output(path, "wb", force) as f:
        f.write(data)
    return path


def save_figure(fig, path, force=False, **kwargs):
    """Saves a matplotlib figure as PNG to `path` through output()."""
    with output(path, "wb", force) as f:
        fig.savefig(f, format="png", **kwargs)
    return path


def _escape(c):
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


def printable(text):
    """`text` with every character a terminal could act on escaped as \\xNN or \\uNNNN, the
    newline kept: what str.isprintable() refuses (the C0 and C1 controls, Unicode's format
    characters, separators other than the space, the unassigned). For printing strings that
    come from files."""
    text = str(text)
    if text.replace("\n", "").isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else _escape(c) for c in text)


@contextlib.contextmanager
def reading(path):
    """Marks `path` as the file being read: an error raised inside names it."""
    _reading.append(path)
    try:
        yield
    finally:
        _reading.pop()


def _first_line(e):
    text = str(e).strip()
    if isinstance(e, KeyError) and len(e.args) == 1:
        text = f"no {e.args[0]!r}"
    return text.splitlines()[0] if text else type(e).__name__


def error_message(e):
    """The one-line message for an exception: its text, preceded by the file being read when
    the text does not name it already."""
    text = _first_line(e)
    if _reading and _reading[-1] not in text:
        text = f"{_reading[-1]}: {text}"
    return text


def tool(prog):
    """Decorator for a command's main(argv): returns its status, 2 for bad input and 1 for a
    failed write with one line on stderr (see the module text)."""
    def wrap(main):
        @functools.wraps(main)
        def wrapped(argv=None):
            try:
                return main(argv)
            except WriteError as e:
                print(printable(f"{prog}: error: {_first_line(e)}"), file=sys.stderr)
                return 1
            except INPUT_ERRORS as e:
                print(printable(f"{prog}: error: {error_message(e)}"), file=sys.stderr)
                return 2
            finally:
                del _reading[:]
        return wrapped
    return wrap
