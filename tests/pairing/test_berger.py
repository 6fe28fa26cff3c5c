"""FIDE Berger tables (C.05 Annex 1) and the draw of pairing numbers."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pairing.engine.berger import BergerRound, berger_round, berger_table, draw_pairing_numbers
from pairing.engine.errors import InvalidRequestError

PUBLISHED = Path(__file__).parent / "data" / "trf" / "berger_tables.txt"


def published() -> dict[int, list[BergerRound]]:
    tables: dict[int, list[BergerRound]] = {}
    for line in PUBLISHED.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        head, games = line.split(":")
        n, number = map(int, head.split())
        boards, bye = [], None
        for game in games.split():
            white, black = game.split("-")
            if "bye" in (white, black):
                bye = int(black if white == "bye" else white)
            else:
                boards.append((int(white), int(black)))
        tables.setdefault(n, []).append(BergerRound(number, tuple(boards), bye))
    return tables


@pytest.mark.parametrize(("n", "rounds"), sorted(published().items()))
def test_it_reproduces_the_published_table(n: int, rounds: list[BergerRound]) -> None:
    assert berger_table(n) == rounds


def test_the_two_10_player_rounds_quoted_in_the_rules() -> None:
    assert berger_round(10, 2).boards == ((10, 6), (7, 5), (8, 4), (9, 3), (1, 2))
    assert berger_round(10, 9).boards == ((5, 10), (6, 4), (7, 3), (8, 2), (9, 1))


def games(rounds: list[BergerRound]) -> list[tuple[int, int]]:
    return [board for rnd in rounds for board in rnd.boards]


@pytest.mark.parametrize("n", range(2, 31))
def test_every_pair_meets_once_and_everyone_plays_once_a_round(n: int) -> None:
    table = berger_table(n)
    size = n + n % 2
    assert len(table) == size - 1
    assert Counter(frozenset(g) for g in games(table)) == Counter(
        frozenset(p) for p in combinations(range(1, n + 1), 2)
    )
    for rnd in table:
        seated = [p for board in rnd.boards for p in board] + ([rnd.bye] if rnd.bye is not None else [])
        assert sorted(seated) == list(range(1, n + 1))
        assert (rnd.bye is not None) == (n % 2 == 1)
    if n % 2:
        assert sorted(rnd.bye for rnd in table) == list(range(1, n + 1))  # everyone sits out once


@pytest.mark.parametrize("n", range(2, 31, 2))
def test_x_and_y_meet_in_the_round_where_x_plus_y_is_r_plus_1_modulo_n_minus_1(n: int) -> None:
    for rnd in berger_table(n):
        for white, black in rnd.boards:
            if n not in (white, black):
                assert (white + black - rnd.number - 1) % (n - 1) == 0


@pytest.mark.parametrize("n", range(2, 31))
def test_colours_are_balanced_and_the_last_participant_alternates(n: int) -> None:
    table = berger_table(n)
    whites = Counter(w for w, _ in games(table))
    played = Counter(p for g in games(table) for p in g)
    for p in range(1, n + 1):
        assert abs(2 * whites[p] - played[p]) <= 1
    if n % 2 == 0:
        colours = ["w" if rnd.boards[0][0] == n else "b" for rnd in table]
        assert all(a != b for a, b in zip(colours, colours[1:], strict=False))


def colour_runs(table: list[BergerRound], n: int) -> int:
    """Longest run of one colour in anybody's played games (a bye does not break a run)."""
    worst = 0
    for p in range(1, n + 1):
        sequence = [
            ("w" if white == p else "b")
            for rnd in table
            for white, black in rnd.boards
            if p in (white, black)
        ]
        run = 1
        for a, b in zip(sequence, sequence[1:], strict=False):
            run = run + 1 if a == b else 1
            worst = max(worst, run)
    return worst


@pytest.mark.parametrize("n", range(3, 31))
def test_the_double_round_robin_reverses_colours_and_never_gives_three_in_a_row(n: int) -> None:
    table = berger_table(n, double=True)
    m = n + n % 2 - 1
    assert [rnd.number for rnd in table] == list(range(1, 2 * m + 1))
    assert Counter(games(table)) == Counter(
        [(a, b) for a, b in combinations(range(1, n + 1), 2)]
        + [(b, a) for a, b in combinations(range(1, n + 1), 2)]
    )
    single = berger_table(n)
    assert table[m - 2] == BergerRound(m - 1, single[m - 1].boards, single[m - 1].bye)  # last two swapped
    assert table[m].boards == tuple((b, w) for w, b in single[0].boards)
    assert colour_runs(table, n) <= 2


@pytest.mark.parametrize("n", [6, 10])
def test_without_the_swap_a_double_round_robin_would_give_three_in_a_row(n: int) -> None:
    single = berger_table(n)
    plain = single + [BergerRound(r.number + n - 1, tuple((b, w) for w, b in r.boards)) for r in single]
    assert colour_runs(plain, n) == 3


def test_impossible_tables_are_refused() -> None:
    with pytest.raises(InvalidRequestError):
        berger_table(1)
    with pytest.raises(InvalidRequestError):
        berger_round(6, 6)


def test_the_draw_is_a_reproducible_permutation() -> None:
    ids = list(range(100, 120))
    first = draw_pairing_numbers(ids, seed=2026)
    assert sorted(first) == ids
    assert draw_pairing_numbers(ids, seed=2026) == first
    assert draw_pairing_numbers(ids, seed=2027) != first
    assert ids == list(range(100, 120))  # the caller's list is not shuffled


def test_the_draw_leaves_the_global_generator_alone() -> None:
    random.seed(7)
    expected = random.random()
    random.seed(7)
    draw_pairing_numbers(list(range(50)), seed=1)
    assert random.random() == expected


def test_a_participant_listed_twice_cannot_be_drawn() -> None:
    with pytest.raises(InvalidRequestError):
        draw_pairing_numbers([1, 2, 2], seed=1)
