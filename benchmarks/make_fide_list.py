"""Write a synthetic FIDE combined players list (``players_list_foa.txt`` layout) for benchmarks.

Never download a real list: this writes made-up players in the same fixed-width format, with
the same header, accented names (so the encoding matters), titles, inactive flags, blank
ratings and a sprinkling of bad lines. The same ``--seed`` gives the same file; ``--changed``
makes a "newer list" in which that fraction of the players has a new standard rating.

    .venv/bin/python benchmarks/make_fide_list.py --rows 1000000 --out /tmp/players_list_foa.txt
    .venv/bin/python benchmarks/make_fide_list.py --rows 1000000 --changed 0.05 --out /tmp/newer.txt
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
# (width) of each column, in header order: ID, Name, Fed, Sex, Tit, WTit, OTit, FOA,
# SRtng, SGm, SK, RRtng, RGm, Rk, BRtng, BGm, BK, B-day, Flag.
WIDTHS = (15, 61, 4, 4, 5, 5, 15, 4, 6, 4, 3, 6, 4, 3, 6, 4, 3, 6, 4)
SURNAMES = (
    "Smith Müller Ólafsson Kowalski Nguyen García Søndergaard Łukasiewicz Dvořák Öztürk Ivanov Rossi "
    "Jansen Novák Fernández Şahin Björk Kovačević Petrov Dubois Horváth Nieminen Ferreira O'Brien"
).split()
GIVEN = "Anna Magnus Friðrik Zoë José Jürgen Ágnes Łucja Søren Chloé Ivan Maria Pieter Eva Luís Ayşe".split()
FEDS = "NED GER ISL POL VIE ESP DEN CZE TUR RUS ITA FRA HUN FIN POR IRL NOR USA IND CHN".split()
TITLES = ("", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM")


def _line(values: list[object]) -> str:
    return "".join(str(v).ljust(w)[:w] for v, w in zip(values, WIDTHS, strict=True))


def player_line(rng: random.Random, fide_id: int, bump: int) -> str:
    """One player; ``bump`` is added to the standard rating (0 for the base list)."""
    sex = rng.choice("MMMF")
    title = rng.choice(TITLES)
    wtitle = rng.choice(("", "", "WFM", "WIM", "WGM")) if sex == "F" else ""
    standard = rng.randint(1000, 2800)
    standard = min(2850, standard + bump)
    rapid = rng.choice((0, rng.randint(1000, 2800)))
    blitz = rng.choice((0, rng.randint(1000, 2800)))
    return _line(
        [
            fide_id,
            f"{rng.choice(SURNAMES)}, {rng.choice(GIVEN)} {rng.choice(GIVEN)[0]}.",
            rng.choice(FEDS),
            sex,
            title,
            wtitle,
            rng.choice(("", "", "", "FA", "IA,FT")),
            "",
            standard,
            rng.randint(0, 20),
            rng.choice((20, 40, 10)),
            rapid or "",
            rng.randint(0, 20) if rapid else "",
            rng.choice((20, 40)) if rapid else "",
            blitz or "",
            rng.randint(0, 20) if blitz else "",
            rng.choice((20, 40)) if blitz else "",
            rng.randint(1930, 2018),
            rng.choice(("", "", "", "i", "w", "wi")),
        ]
    )


def write(
    path: Path,
    rows: int,
    *,
    seed: int = 1,
    changed: float = 0.0,
    bad_every: int = 50_000,
    encoding: str = "utf-8",
) -> None:
    """``rows`` players (ids 1000000 upwards) plus one bad line every ``bad_every`` lines."""
    players = random.Random(seed)
    changes = random.Random(seed + 1)
    with path.open("w", encoding=encoding, errors="replace", newline="\n") as out:
        out.write(HEADER + "\n")
        for i in range(rows):
            # A separate generator, so a newer list has the same players as the base one.
            bump = changes.randint(1, 30) if changes.random() < changed else 0
            out.write(player_line(players, 1_000_000 + i, bump) + "\n")
            if bad_every and i % bad_every == bad_every - 1:
                out.write("#### corrupted line ####\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--changed", type=float, default=0.0, help="fraction of players with a new rating")
    parser.add_argument("--encoding", choices=("utf-8", "latin-1"), default="utf-8")
    args = parser.parse_args()
    write(args.out, args.rows, seed=args.seed, changed=args.changed, encoding=args.encoding)
    print(f"wrote {args.rows} players to {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
