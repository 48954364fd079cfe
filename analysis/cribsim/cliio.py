"""Input and output of the analysis commands: what every tool does the same way at its edges.

Outputs. A tool never leaves half a file and never writes where it was not asked to:

- check_output(path, force): the file may be written only if its folder exists (a missing
  folder is refused, never created) and, unless `force`, no file is there yet (an existing
  file is refused: `--force` replaces it). A folder at the path is always refused.
- check_output_dir(path): a folder the tool writes several files into must exist.
- output(path, mode, force) is a context manager yielding a file object opened on a temporary
  file in the same folder; when the block ends normally the temporary file is flushed, synced
  and renamed over `path` (an atomic replacement on POSIX), and when it raises, the temporary
  file is removed and `path` is untouched. write_text() and save_figure() use it.

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


@contextlib.contextmanager
def output(path, mode="w", force=False):
    """A file object on a temporary file beside `path`, renamed to `path` when the block
    ends without an exception (removed otherwise). check_output() first."""
    check_output(path, force)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(path)}.",
                                   suffix=".tmp")
    except OSError as e:
        raise WriteError(f"{path}: cannot write in {folder}: {e.strerror or e}")
    done = False
    try:
        with os.fdopen(fd, mode) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        if not force and os.path.lexists(path):
            raise BadInput(f"{path} appeared while it was written (give --force to replace it)")
        os.replace(tmp, path)
        done = True
    except OSError as e:
        raise WriteError(f"{path}: cannot write: {e.strerror or e}")
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_text(path, text, force=False):
    """Writes `text` to `path` through output()."""
    with output(path, "w", force) as f:
        f.write(text)
    return path


def save_figure(fig, path, force=False, **kwargs):
    """Saves a matplotlib figure as PNG to `path` through output()."""
    with output(path, "wb", force) as f:
        fig.savefig(f, format="png", **kwargs)
    return path


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
                print(f"{prog}: error: {_first_line(e)}", file=sys.stderr)
                return 1
            except (BadInput, runfile.CribsimFileError) + DATA_ERRORS as e:
                print(f"{prog}: error: {error_message(e)}", file=sys.stderr)
                return 2
            finally:
                del _reading[:]
        return wrapped
    return wrap
