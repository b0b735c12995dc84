#!/usr/bin/env python3
"""Prints a colored exact-cover problem in Knuth's format: word rectangles.

A rectangle of ROWS x COLS letters whose rows are words of one list and whose columns are words of
another. Primary items: each row and each column (filled by one word); secondary items: each cell,
colored by its letter, so that a row word and a column word agree where they cross. The words are
made up (a seeded generator over a small alphabet), so that the problem is the same on every
machine and has many solutions.

    python3 word_rectangles.py [ROWS COLS WORDS SEED] > rect.dlx
"""

import random
import sys


def words(rng: random.Random, length: int, count: int, alphabet: str) -> list[str]:
    found: set[str] = set()
    while len(found) < count:
        found.add("".join(rng.choice(alphabet) for _ in range(length)))
    return sorted(found)


def main() -> None:
    rows, cols, count, seed = (int(a) for a in (sys.argv[1:] or ["5", "6", "300", "1"]))
    rng = random.Random(seed)
    alphabet = "abcde"
    across = words(rng, cols, count, alphabet)
    down = words(rng, rows, count, alphabet)
    cells = [f"{r}{c}" for r in range(rows) for c in range(cols)]
    lines = [f"| word rectangles {rows}x{cols}, {count} words each way, seed {seed}"]
    lines.append(
        " ".join([f"R{r}" for r in range(rows)] + [f"C{c}" for c in range(cols)])
        + " | "
        + " ".join(f"x{cell}" for cell in cells)
    )
    for r in range(rows):
        for word in across:
            lines.append(f"R{r} " + " ".join(f"x{r}{c}:{word[c]}" for c in range(cols)))
    for c in range(cols):
        for word in down:
            lines.append(f"C{c} " + " ".join(f"x{r}{c}:{word[r]}" for r in range(rows)))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
