"""Counting by memo: exact counts beyond 64 bits, uniform samples from the ZDD, errors."""

from __future__ import annotations

import collections

import pytest

import dlx

from conftest import problem


def domino(rows: int, cols: int) -> dlx.Problem:
    """The domino tilings of a rows x cols board."""
    cells = [f"{r}.{c}" for r in range(rows) for c in range(cols)]
    options = [[f"{r}.{c}", f"{r}.{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [[f"{r}.{c}", f"{r + 1}.{c}"] for r in range(rows - 1) for c in range(cols)]
    return dlx.Problem(cells, options)


def test_counts_equal_the_search_and_go_beyond_64_bits() -> None:
    for name in ["queens8.dlx", "toy1.dlx", "toy2.dlx"]:
        p = problem(name)
        assert p.zdd_count() == p.count()
    # The 14x14 board's 112,202,208,776,036,178,000,000 tilings: more than 2**64.
    assert domino(14, 14).zdd_count() == 112202208776036178000000


def test_samples_are_solutions_drawn_evenly_and_reproducibly() -> None:
    p = domino(3, 4)
    solutions = {tuple(sorted(s)) for s in p.solutions()}
    assert len(solutions) == 11
    draws = p.sample(4400, seed=3)
    seen = collections.Counter(tuple(sorted(s)) for s in draws)
    assert set(seen) == solutions
    assert all(300 <= k <= 500 for k in seen.values()), seen
    assert p.sample(5, seed=3) == draws[:5]
    assert p.sample(5, seed=4) != draws[:5]
    assert dlx.Problem(["a", "b"], [["a"]]).sample(3) == []


def test_memo_counts_multiplicities_but_draws_none() -> None:
    toy3 = problem("toy3.dlx")
    assert toy3.zdd_count() == toy3.count()
    with pytest.raises(dlx.ProblemError, match="multiplicities"):
        toy3.sample(1)


def test_memo_errors_are_pythons() -> None:
    with pytest.raises(MemoryError, match="max_memory"):
        domino(8, 8).zdd_count(max_memory=4096)
