"""Reading a small file that a person named, for a program that then hands its data on.

Options are data, never paths (DESIGN.md principle 8): nothing in a document or a
request ever names a file. A program may still read data a person keeps in a file
(the CLI's ``key=@FILE``, a board file read by `meeple.wojtek.board.read_board_file`);
this is the one way both do it: from a regular file only (no device, pipe or
directory, which could block or never end), and never more than a cap, so a huge
file is refused before it is parsed.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["UnreadableFileError", "read_capped"]


class UnreadableFileError(ValueError):
    """A file `read_capped` refused; the message completes a sentence naming the file
    (``is not a regular file``), so each caller words the error in its own terms."""


def read_capped(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file `path`, if it holds at most `max_bytes`."""
    target = Path(path)
    try:
        if not target.is_file():
            if not target.exists():  # the common slip: say so, not "not a regular file"
                raise UnreadableFileError("does not exist")
            raise UnreadableFileError("is not a regular file")
        with target.open("rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as err:
        raise UnreadableFileError(f"cannot be read: {err.strerror}") from None
    if len(data) > max_bytes:
        raise UnreadableFileError(f"is larger than {max_bytes} bytes")
    return data
