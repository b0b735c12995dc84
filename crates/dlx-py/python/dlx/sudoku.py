"""Sudoku of every shape, given as text in any format ``dlx solve`` reads: an 81-character
line, a block of rows with or without rules, a JSON object, a jigsaw layout after the grid,
any size up to 64x64. Answers come back in the layout the puzzle came in, without the line
end that closes it.

>>> from dlx import sudoku
>>> puzzle = (
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
... )
>>> sudoku.solve(puzzle)[:9]
'417369825'
>>> sudoku.check(puzzle)
'unique'

A text that is not a puzzle raises ``dlx.PuzzleError`` (a ``ValueError``) with ``line`` and
``column``. Searches run with the GIL released, and Ctrl-C raises ``KeyboardInterrupt``.
"""

from __future__ import annotations

from ._dlx import PuzzleError, sudoku_check, sudoku_count, sudoku_solve, sudoku_solve_many

# Typing is not imported at run time: it is most of the time the import of the package takes.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Literal, TypeAlias

    Verdict: TypeAlias = Literal["unique", "multiple", "none"]

__all__ = ["PuzzleError", "check", "count", "solve", "solve_many"]


def solve(text: str) -> str | None:
    """The first solution of the puzzle in ``text``, in its layout; ``None`` when it has none
    (givens that clash included)."""
    return sudoku_solve(text)


def check(text: str) -> Verdict:
    """Whether the puzzle in ``text`` has one solution (``"unique"``), more
    (``"multiple"``) or none (``"none"``)."""
    return sudoku_check(text)


def count(text: str, limit: int | None = None) -> int:
    """The number of solutions of the puzzle in ``text``, counting no further than ``limit``
    (a count equal to the limit may stand for more)."""
    return sudoku_count(text, limit)


def solve_many(puzzles: Iterable[str], threads: int | None = None) -> list[str]:
    """The answers to many puzzles, one text each, in input order, as ``dlx solve`` prints
    them: a solution in its puzzle's layout, ``"no solution"``, or ``"invalid puzzle"`` for a
    text that is not a puzzle. Runs on ``threads`` threads (default: every core).

    A text holding no puzzle, or more than one, raises ``PuzzleError``.
    """
    return sudoku_solve_many(puzzles, threads)
