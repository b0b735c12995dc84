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

``generate`` makes new puzzles, ``rate`` rates a puzzle on Sudoku Explainer's scale, ``hint``
and ``explain`` give the steps of its logical solution, as ``dlx generate``, ``dlx rate``,
``dlx hint`` and ``dlx explain`` do:

>>> rating = sudoku.rate(puzzle)
>>> rating.er, rating.hardest
(2.6, 'Pointing')
>>> sudoku.hint(puzzle).text
'Hidden single: 4 in box 4 fits only r6c2'

``solve``, ``check`` and ``count`` also take puzzles on shapes of any houses, as ``dlx solve
--shape`` does: ``shape`` is a built-in layout (``"samurai"``, ``"twodoku"``, ``"butterfly"``,
``"flower"``, ``"sohei"``) or the text of a shape file (``values N``, ``grid R C``, ``sudoku R C``,
``rect R C H W``, ``house r,c ...``), and the puzzle is in the grid layout: a line ``ROWS
COLUMNS``, then one line a row, a value or ``-`` (an empty cell or a hole) per place.

Variant puzzles (killers and the other kinds of ISS's puzzle strings, the compact killer forms)
are read as ``dlx solve`` reads them, when the text's first line looks like one: ``solve`` gives
the solution as one line of values, ``check`` and ``count`` answer as for a classic puzzle.
``candidates`` gives the true candidates of a puzzle of either kind, as ``dlx candidates`` does:

>>> killer = ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~7~R3C3~R3C4"
>>> sudoku.check(killer)
'multiple'
>>> sudoku.candidates(killer)[0]
{1: 1, 2: 1}

A text that is not a puzzle raises ``dlx.PuzzleError`` (a ``ValueError``) with ``line`` and
``column``. Searches run with the GIL released, and Ctrl-C raises ``KeyboardInterrupt``.
"""

from __future__ import annotations

from ._dlx import (
    PuzzleError,
    Rating,
    Step,
    sudoku_candidates,
    sudoku_check,
    sudoku_count,
    sudoku_explain,
    sudoku_generate,
    sudoku_hint,
    sudoku_rate,
    sudoku_solve,
    sudoku_solve_many,
)

# Typing is not imported at run time: it is most of the time the import of the package takes.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Literal, TypeAlias

    Verdict: TypeAlias = Literal["unique", "multiple", "none"]
    SymmetryName: TypeAlias = Literal["none", "rot180", "rot90", "mirror", "diagonal"]

__all__ = [
    "PuzzleError",
    "Rating",
    "Step",
    "candidates",
    "check",
    "count",
    "explain",
    "generate",
    "hint",
    "rate",
    "solve",
    "solve_many",
]


def solve(text: str, shape: str | None = None) -> str | None:
    """The first solution of the puzzle in ``text``, in its layout; ``None`` when it has none
    (givens that clash included). With ``shape``, the puzzle is on a shape of any houses (see
    below)."""
    return sudoku_solve(text, shape)


def check(text: str, shape: str | None = None) -> Verdict:
    """Whether the puzzle in ``text`` has one solution (``"unique"``), more
    (``"multiple"``) or none (``"none"``)."""
    return sudoku_check(text, shape)


def count(text: str, limit: int | None = None, shape: str | None = None) -> int:
    """The number of solutions of the puzzle in ``text``, counting no further than ``limit``
    (a count equal to the limit may stand for more)."""
    return sudoku_count(text, limit, shape)


def candidates(text: str, limit: int = 1) -> list[dict[int, int]]:
    """The true candidates of the puzzle in ``text`` (a variant or a classic one, up to 16x16):
    for each cell, row by row, the values some solution holds, each with the number of
    solutions holding it, counted no further than ``limit`` (a count equal to the limit may
    stand for more). A unique puzzle gives its solution, each value counted once; a puzzle with
    no solution, empty dictionaries. Open puzzles are not listed whole: each value not yet seen
    in a solution is settled by a search with its cell fixed to it."""
    return [dict(cell) for cell in sudoku_candidates(text, limit)]


def solve_many(puzzles: Iterable[str], threads: int | None = None) -> list[str]:
    """The answers to many puzzles, one text each, in input order, as ``dlx solve`` prints
    them: a solution in its puzzle's layout, ``"no solution"``, or ``"invalid puzzle"`` for a
    text that is not a puzzle. Runs on ``threads`` threads (default: every core).

    A text holding no puzzle, or more than one, raises ``PuzzleError``.
    """
    return sudoku_solve_many(puzzles, threads)


def rate(text: str, timeout: float | None = None) -> Rating:
    """The difficulty of the puzzle in ``text`` on Sudoku Explainer's scale, as ``dlx rate``
    gives it: ``er`` (the hardest step of the logical solution), ``ep`` (the hardest up to the
    first value placed), ``ed`` (the first step), ``hardest`` (its technique) and ``steps``;
    ``str()`` of it is the line ``dlx rate`` prints. A puzzle the techniques cannot finish is
    rated 20.0, ``"Beyond solver"``.

    The puzzle must have exactly one solution (else ``PuzzleError``). A rating not done within
    ``timeout`` seconds raises ``TimeoutError``.
    """
    return sudoku_rate(text, timeout)


def hint(text: str) -> Step | None:
    """The easiest logical step that applies to the puzzle in ``text``, as ``dlx hint`` gives
    it: its ``technique``, ``placements`` and ``eliminations`` (``(cell, value)`` pairs, cells
    from 0 row by row, values from 1), ``text`` and ``difficulty``. ``None`` when the grid is
    solved or no technique applies.

    The puzzle must have exactly one solution (else ``PuzzleError``).
    """
    return sudoku_hint(text)


def explain(text: str, marks: bool = False) -> list[Step]:
    """Every step of the logical solution of the puzzle in ``text``, in order, as ``dlx
    explain`` gives them: applied one after another (eliminations, then placements) they reach
    the solution, or stop where no technique applies (the puzzle is then not solved by the
    steps). With ``marks``, each step carries the candidate grid before it in ``marks``.

    The puzzle must have exactly one solution (else ``PuzzleError``).
    """
    return sudoku_explain(text, marks)


def generate(
    count: int = 1,
    *,
    size: int | None = None,
    boxes: tuple[int, int] | None = None,
    regions: str | None = None,
    extra: str | Sequence[str] = (),
    jigsaw: bool = False,
    symmetry: SymmetryName = "none",
    minimal: bool = False,
    givens: int | None = None,
    rating: tuple[float, float] | None = None,
    seed: int | None = None,
    attempts: int = 10_000,
    budget: int | None = None,
    timeout: float | None = None,
    threads: int | None = None,
    format: Literal["line", "json"] = "line",
) -> list[str]:
    """``count`` new puzzles, each with exactly one solution, as ``dlx generate`` makes them
    (the same ``seed`` gives the same puzzles as ``dlx generate --seed``, on any number of
    threads; default: from the clock).

    The shape: ``size`` (default 9, or the side of ``boxes`` or ``regions``), ``boxes`` as
    ``(rows, columns)``, ``regions`` a jigsaw layout's text (one symbol per cell), ``jigsaw``
    for a random layout for each puzzle, ``extra`` regions: ``"x"``, ``"windoku"`` or a text of
    cell sets (one or several). The puzzles: ``symmetry`` of the givens, ``minimal`` (every
    given needed), exactly ``givens`` givens, a ``rating`` range ``(low, high)`` of ER. How hard
    to try: ``attempts`` full grids per puzzle, a ``budget`` of guesses per uniqueness check
    (default as ``dlx generate``: 1,000,000 up to 16x16, 10 above),
    ``timeout`` seconds for the run. Puzzles are written as ``dlx solve`` reads them:
    ``format="line"`` (a jigsaw's layout after it) or ``"json"``.

    A puzzle not made within ``attempts`` raises ``PuzzleError``, a run past ``timeout``
    ``TimeoutError``; bad options raise ``ValueError``.
    """
    extras = [extra] if isinstance(extra, str) else list(extra)
    return sudoku_generate(
        count,
        size=size,
        boxes=boxes,
        regions=regions,
        extra=extras,
        jigsaw=jigsaw,
        symmetry=symmetry,
        minimal=minimal,
        givens=givens,
        rating=rating,
        seed=seed,
        attempts=attempts,
        budget=budget,
        timeout=timeout,
        threads=threads,
        format=format,
    )
