"""Problems: building, Knuth's format, counts against the known figures, solutions, errors."""

from __future__ import annotations

import itertools
import pickle
import random
import threading

import pytest

import dlx

from conftest import problem

# Known figures (Knuth's dlx1/dlx2/dlx3 on the same files): solutions, nodes, updates.
GOLDEN = {
    "toy1.dlx": (1, 6, 30),
    "toy2.dlx": (1, 4, 14),
    "toy3.dlx": (1, 6, 14),
    "queens8.dlx": (92, 1049, 16680),
    "langford11.dlx": (35584, 439747, 5974979),
}


def is_cover(p: dlx.Problem, solution: list[int]) -> bool:
    """Whether the options cover every primary item within its multiplicity, and every
    secondary item at most once or with one color."""
    primary = {name: 0 for name in p.primary}
    colors: dict[str, set[str]] = {}
    for index in solution:
        for entry in p.option(index):
            name, _, color = entry.partition(":")
            if name in primary:
                primary[name] += 1
            else:
                colors.setdefault(name, set()).add(color or f"#{index}")
    bounds = p.multiplicities
    covered = all(
        bounds.get(name, (1, 1))[0] <= times <= bounds.get(name, (1, 1))[1]
        for name, times in primary.items()
    )
    return covered and all(len(seen) == 1 for seen in colors.values())


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_counts_and_statistics_are_knuths(name: str) -> None:
    p = problem(name)
    assert p.count(threads=1, engine="dlx") == GOLDEN[name][0]
    stats = p.stats()
    assert stats is not None
    assert (stats.solutions, stats.nodes, stats.updates) == GOLDEN[name]
    assert stats.complete and stats.engine == "dlx" and stats.threads == 1


def test_two_threads_count_the_same_tree() -> None:
    p = problem("langford11.dlx")
    assert p.count(threads=2, engine="dlx") == 35584
    stats = p.stats()
    assert stats is not None
    assert (stats.nodes, stats.updates, stats.threads) == (439747, 5974979, 2)
    assert p.count() == 35584
    for engine in ("cells", None):
        assert p.count(threads=1, engine="cells") == 35584
        one = p.stats()
        assert p.count(threads=2, engine=engine) == 35584
        two = p.stats()
        assert one is not None and two is not None
        assert (two.engine, two.threads) == ("cells", 2)
        assert (two.nodes, two.updates) == (one.nodes, one.updates)


def test_pentominoes_with_the_symmetry_broken() -> None:
    assert problem("pento6x10-sym.dlx").count(threads=2) == 2339


def test_the_cells_engine_counts_the_same() -> None:
    p = problem("langford11.dlx")
    assert p.count(engine="cells") == 35584
    stats = p.stats()
    assert stats is not None and stats.engine == "cells"
    assert sum(1 for _ in problem("queens8.dlx").solutions(engine="cells")) == 92


def test_the_default_engine_is_cells_where_they_apply() -> None:
    p = problem("langford11.dlx")
    for engine in (None, "auto"):
        assert p.count(threads=1, engine=engine) == 35584
        stats = p.stats()
        assert stats is not None and (stats.engine, stats.threads) == ("cells", 1)
    # Two threads split a dancing-cells tree.
    assert p.count(threads=2) == 35584
    stats = p.stats()
    assert stats is not None and (stats.engine, stats.threads) == ("cells", 2)
    queens = problem("queens8.dlx")
    assert len(list(queens.solutions())) == 92
    stats = queens.stats()
    assert stats is not None and stats.engine == "cells"
    # Colors are for the cells engine too; multiplicities are not.
    for name, engine in (("toy2.dlx", "cells"), ("toy3.dlx", "dlx")):
        other = problem(name)
        assert other.count(threads=1) == 1
        stats = other.stats()
        assert stats is not None and stats.engine == engine
        assert len(list(other.solutions())) == 1
        stats = other.stats()
        assert stats is not None and stats.engine == engine


def test_the_sat_engine_finds_what_dancing_links_find() -> None:
    for name in ("queens8.dlx", "toy1.dlx", "toy2.dlx", "toy3.dlx"):
        p = problem(name)
        expected = sorted(sorted(s) for s in p.solutions(engine="dlx"))
        found = [sorted(s) for s in p.solutions(engine="sat")]
        assert sorted(found) == expected, name
        assert all(is_cover(p, s) for s in found)
        assert p.count(engine="sat") == len(expected)
        stats = p.stats()
        assert stats is not None and (stats.engine, stats.threads) == ("sat", 1)
    assert len(list(problem("queens8.dlx").solutions(limit=3, engine="sat"))) == 3
    with pytest.raises(ValueError, match="one thread"):
        problem("toy1.dlx").count(threads=2, engine="sat")


def test_solutions_are_exact_covers_in_order_of_the_search() -> None:
    p = problem("queens8.dlx")
    solutions = list(p.solutions())
    assert len(solutions) == 92
    assert len({tuple(sorted(s)) for s in solutions}) == 92
    assert all(is_cover(p, s) for s in solutions)
    assert list(p.solutions(limit=5)) == solutions[:5]
    stats = p.stats()
    assert stats is not None and stats.solutions == 5


def test_an_iterator_goes_on_where_it_stopped() -> None:
    p = problem("queens8.dlx")
    iterator = p.solutions(engine="dlx")
    first = list(itertools.islice(iterator, 10))
    rest = list(iterator)
    assert len(first) + len(rest) == 92
    assert list(iterator) == []
    stats = p.stats()
    assert stats is not None and stats.complete and (stats.solutions, stats.nodes) == (92, 1049)


def test_colors_and_multiplicities() -> None:
    colors = problem("toy2.dlx")
    assert [sorted(colors.option(o) for o in s) for s in colors.solutions()] == [
        [["A", "C", "X:1", "Y:1"], ["B", "X:1"]]
    ]
    multi = problem("toy3.dlx")
    assert multi.multiplicities == {"C": (2, 3)}
    assert multi.count() == 1
    assert all(is_cover(multi, s) for s in multi.solutions())
    built = dlx.Problem(["A", ("B", 2)], [["A", "B"], ["B"], ["A"]])
    assert built.multiplicities == {"B": (2, 2)}
    assert sorted(sorted(s) for s in built.solutions()) == [[0, 1]]
    assert built.to_knuth().splitlines()[0] == "A 2|B"


def test_knuths_format_round_trips_and_pickles() -> None:
    p = dlx.Problem(
        ["A", "B", "C"], [["A", "x:red"], ["B", "x:red"], ["C"], ["A", "B", "C"]], secondary=["x"]
    )
    assert p.primary == ["A", "B", "C"] and p.secondary == ["x"]
    assert p.options == [["A", "x:red"], ["B", "x:red"], ["C"], ["A", "B", "C"]]
    assert len(p) == 4
    again = dlx.Problem.from_knuth(p.to_knuth())
    assert again == p and again.hash == p.hash
    assert pickle.loads(pickle.dumps(p)) == p
    assert sorted(sorted(s) for s in p.solutions()) == [[0, 1, 2], [3]]


def brute_force(options: list[list[str]], items: list[str]) -> int:
    return sum(
        1
        for r in range(len(options) + 1)
        for chosen in itertools.combinations(options, r)
        if sorted(i for o in chosen for i in o) == items
    )


def test_random_problems_against_brute_force() -> None:
    rng = random.Random(21)
    for _ in range(200):
        items = [f"i{k}" for k in range(rng.randint(1, 6))]
        options = [
            sorted(rng.sample(items, rng.randint(1, len(items)))) for _ in range(rng.randint(0, 9))
        ]
        p = dlx.Problem(items, options)
        expected = brute_force(options, items)
        assert p.count(threads=1) == expected
        assert p.count(threads=2) == expected
        assert p.count(engine="cells") == expected
        assert p.count(engine="sat") == expected
        found = list(p.solutions())
        assert len(found) == expected
        assert all(sorted(i for o in s for i in options[o]) == items for s in found)


def test_bad_knuth_text_says_where() -> None:
    with pytest.raises(dlx.ParseError) as error:
        dlx.Problem.from_knuth("A B\nA Q\n")
    assert isinstance(error.value, ValueError)
    assert (error.value.line, error.value.column) == (2, 3)
    assert "unknown item `Q`" in str(error.value)
    with pytest.warns(UserWarning, match="no primary item"):
        dropped = dlx.Problem.from_knuth("A | x\nx\nA\n")
    assert len(dropped) == 1


def test_bad_problems_are_problem_errors() -> None:
    with pytest.raises(dlx.ProblemError, match="item `A` is declared twice"):
        dlx.Problem(["A", "A"], [])
    with pytest.raises(dlx.ProblemError, match="option 1: unknown item `Z`"):
        dlx.Problem(["A"], [["A"], ["Z"]])
    with pytest.raises(dlx.ProblemError, match="option 0 has no primary item"):
        dlx.Problem(["A"], [["x"]], secondary=["x"])
    with pytest.raises(dlx.ProblemError, match="cannot be covered between 3 and 2"):
        dlx.Problem([("A", 3, 2)], [])
    with pytest.raises(dlx.ProblemError) as error:
        dlx.Problem(["A"], [["A:red"]])
    assert error.value.line is None and error.value.column is None
    with pytest.raises(TypeError):
        dlx.Problem([3], [])  # type: ignore[list-item]


def test_bad_arguments() -> None:
    p = problem("toy1.dlx")
    with pytest.raises(ValueError, match="unknown engine"):
        p.count(engine="fast")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at least 1"):
        p.count(threads=0)
    with pytest.raises(ValueError, match="one thread"):
        p.count(threads=2, engine="sat")
    with pytest.raises(ValueError, match="multiplicities"):
        problem("toy3.dlx").count(threads=2)
    with pytest.raises(ValueError, match="timeout"):
        p.count(timeout=-1)
    # Dancing cells take multiplicities, on threads too.
    assert problem("toy3.dlx").count(engine="cells", threads=2) == 1


def test_a_timeout_raises_with_the_statistics_so_far() -> None:
    p = problem("pento6x10-sym.dlx")
    with pytest.raises(TimeoutError, match="ran out of time"):
        p.count(threads=1, timeout=0.05)
    stats = p.stats()
    assert stats is not None and not stats.complete and stats.nodes < 909153
    with pytest.raises(TimeoutError):
        p.count(threads=2, timeout=0.05)


def test_one_iterator_is_read_by_one_thread_at_a_time() -> None:
    iterator = problem("langford11.dlx").solutions()
    errors: list[BaseException] = []
    counts: list[int] = []

    def drain() -> None:
        n = 0
        try:
            for _ in iterator:
                n += 1
        except RuntimeError as error:
            errors.append(error)
        counts.append(n)

    threads = [threading.Thread(target=drain) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Every solution is read once, by whichever thread; a clash is an error, never a hang,
    # and the other thread reads on.
    assert sum(counts) == 35584
    assert all("another thread" in str(error) for error in errors)


def test_the_estimate_is_near_the_count_of_its_engine() -> None:
    p = problem("langford11.dlx")
    for engine in ("dlx", "cells"):
        estimate = p.estimate(probes=2000, seed=4, engine=engine)
        assert p.count(threads=1, engine=engine) == 35584
        stats = p.stats()
        assert stats is not None
        assert estimate.engine == engine and estimate.probes == 2000 and estimate.seed == 4
        assert abs(estimate.nodes.mean - stats.nodes) < 4 * estimate.nodes.std_error
        assert estimate.nodes.min <= estimate.nodes.median <= estimate.nodes.max
        assert estimate.solutions.mean > 0 and estimate.depth > 0
        again = p.estimate(probes=2000, seed=4, engine=engine)
        assert again.nodes.mean == estimate.nodes.mean
    assert p.estimate().engine == "cells"
    assert "Estimate(nodes=Figure(mean=" in repr(p.estimate(probes=10))
    with pytest.raises(dlx.ProblemError, match="multiplicities"):
        problem("toy3.dlx").estimate()
    with pytest.raises(ValueError, match="no search tree"):
        p.estimate(engine="sat")
    with pytest.raises(ValueError, match="at least 1"):
        p.estimate(probes=0)


def test_best_finds_the_k_cheapest_as_brute_force_does() -> None:
    rng = random.Random(11)
    for _ in range(20):
        n = rng.randrange(2, 6)
        prices = [[rng.randrange(30) for _ in range(n)] for _ in range(n)]
        options = [[f"w{i}", f"j{j}"] for i in range(n) for j in range(n)]
        costs = [prices[i][j] for i in range(n) for j in range(n)]
        primary = [f"w{i}" for i in range(n)] + [f"j{j}" for j in range(n)]
        p = dlx.Problem(primary, options, costs=costs)
        assert p.costs == costs
        every = sorted(
            sum(prices[i][perm[i]] for i in range(n)) for perm in itertools.permutations(range(n))
        )
        k = rng.randrange(1, 5)
        found = p.best(k)
        assert [cost for cost, _ in found] == every[:k]
        for cost, chosen in found:
            assert is_cover(p, chosen)
            assert cost == sum(costs[o] for o in chosen)
        stats = p.stats()
        assert stats is not None and stats.engine == "cost" and stats.complete


def test_costs_round_trip_through_knuths_format() -> None:
    p = dlx.Problem.from_knuth("A B C\nA B |5\nC |1\nA |1 |0\nB C |2\n")
    assert p.costs == [5, 1, 1, 2]
    assert [(cost, sorted(chosen)) for cost, chosen in p.best(3)] == [
        (3, [2, 3]),
        (6, [0, 1]),
    ]
    again = dlx.Problem.from_knuth(p.to_knuth())
    assert again == p and again.costs == p.costs
    assert pickle.loads(pickle.dumps(p)).costs == p.costs


def test_best_takes_multiplicities() -> None:
    p = dlx.Problem.from_knuth("2|A B\nA |4\nA |4\nA B |3\nB |1\nA |9\n")
    assert [cost for cost, _ in p.best(3)] == [7, 7, 9]


def test_best_refuses_what_it_cannot_search() -> None:
    with pytest.raises(dlx.ProblemError, match="one cost per option"):
        dlx.Problem(["A"], [["A"]], costs=[1, 2])
    with pytest.raises(dlx.ProblemError, match="at least 1"):
        dlx.Problem.from_knuth("A\nA |1\n").best(0)
