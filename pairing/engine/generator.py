"""The random tournament generator behind ``python -m pairing.engine --dutch -g [CONFIG] -o OUT [-s SEED]``.

The command line and the configuration keys follow bbpPairings' generator where they overlap
(``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage``, ``ForfeitRate``, ``RetiredRate``,
``HalfPointByeRate``, ``HighestRating``, ``LowestRating``, ``PointsForWin`` ... one ``KEY=VALUE`` a line,
``#`` comments; a rate ``N`` there means "one in N"). The keys bbpPairings does not have:

==========================  =====================================================================
``HalfPointByes``           requested half-point byes (TRF ``H``): see *amounts* below
``FullPointByes``           requested full-point byes (``F``)
``ZeroPointByes``           announced absences (``Z``), round 1 included
``Forfeits``                share of the games that are forfeited (one side ``+``/``-``)
``DoubleForfeits``          share of the games that both players forfeit (``-``/``-``)
``UnusualResults``          share of the games ending ½-0, 0-½ or 0-0 (written ``=``/``0``, ``0``/``0``)
``UnratedShare``            share of players without a rating
``Baku``                    ``1``: Baku acceleration (C.04.7), virtual points written as ``250`` records
``TieBreaks``               the tie-break list written in ``202``/``212`` (``BH/C1,BH,SB``) and used
                            for the ranks in columns 86-89; ``none`` for no list
``UnratedRating``           the rating unrated opponents count with in ARO and TPR for the ranks
                            (C.07 Art. 10), said in a ``###`` line the checker reads; never drawn:
                            left out, unrated opponents are not counted (the tournament's rule)
==========================  =====================================================================

An *amount* is a number of byes over the whole tournament (``3``), or a share of the player-rounds
(``5%`` or ``0.05``); ``ROUND:AMOUNT`` limits an item to one round (``HalfPointByes=2:3,5:10%``).
Every key left out is drawn at random from the seed, so one seed gives one tournament, byte for byte.

Results come from the FIDE expected-score table (FIDE rating regulations B.02 8.1.2, a difference above
400 counting as 400) with a draw model: a game between players whose expected scores are E and 1-E is
drawn with probability d * 2 * min(E, 1-E) (``d`` = ``DrawPercentage`` / 100) and otherwise won by the
first with probability E - draw/2. The expected result is then E exactly, so over many games a player's
rating change (K * (score - E)) averages zero; ``benchmarks/bench_generator_ratings.py`` measures it.
"""

from __future__ import annotations

import bisect
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from .errors import InvalidRequestError, NoValidPairingError
from .trf import TrfPlayer, TrfTournament, unrated_rating_comment, write_trf
from .types import Colour, PairingRequest, PairingResult, ResultCode, RoundRecord, Scoring

__all__ = [
    "GeneratorConfig",
    "expected_score",
    "generate",
    "generate_trf",
    "parse_config",
]

# FIDE B.02 8.1.2: upper bound of each rating-difference band -> expected score of the higher rated, in
# hundredths (0-3 -> .50, 4-10 -> .51 ...); a difference above 400 counts as 400 (.92).
_BAND_TOPS = (
    3,
    10,
    17,
    25,
    32,
    39,
    46,
    53,
    61,
    68,
    76,
    83,
    91,
    98,
    106,
    113,
    121,
    129,
    137,
    145,
    153,
    162,
    170,
    179,
    188,
    197,
    206,
    215,
    225,
    235,
    245,
    256,
    267,
    278,
    290,
    302,
    315,
    328,
    344,
    357,
    374,
    391,
    400,
)


def expected_score(rating: int, opponent: int) -> float:
    """FIDE's expected score of ``rating`` against ``opponent`` (B.02 8.1.2, difference capped at 400)."""
    diff = min(abs(rating - opponent), 400)
    high = (50 + bisect.bisect_left(_BAND_TOPS, diff)) / 100
    return high if rating >= opponent else 1 - high


_KEYS = {
    # bbpPairings' keys
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "ForfeitRate": "forfeit_rate",
    "RetiredRate": "retired_rate",
    "HalfPointByeRate": "half_bye_rate",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
    "PointsForWin": "points_win",
    "PointsForDraw": "points_draw",
    "PointsForLoss": "points_loss",
    "PointsForZPB": "points_zpb",
    "PointsForForfeitLoss": "points_forfeit_loss",
    "PointsForPAB": "points_pab",
    # ours
    "HalfPointByes": "half_byes",
    "FullPointByes": "full_byes",
    "ZeroPointByes": "zero_byes",
    "Forfeits": "forfeits",
    "DoubleForfeits": "double_forfeits",
    "UnusualResults": "unusual",
    "UnratedShare": "unrated_share",
    "Baku": "baku",
    "TieBreaks": "tiebreaks",
    "UnratedRating": "unrated_rating",
}


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """What the tournament should look like; ``None`` means "draw it from the seed"."""

    players: int | None = None
    rounds: int | None = None
    draw_percentage: float | None = None
    forfeit_rate: int | None = None
    """bbpPairings: one game in ``forfeit_rate`` is forfeited."""
    retired_rate: int | None = None
    """bbpPairings: one player in ``retired_rate`` withdraws (absent, ``Z``, for the rest)."""
    half_bye_rate: int | None = None
    """bbpPairings: one player-round in ``half_bye_rate`` is a requested half-point bye."""
    highest_rating: int | None = None
    lowest_rating: int | None = None
    points_win: float | None = None
    points_draw: float | None = None
    points_loss: float | None = None
    points_zpb: float | None = None
    points_forfeit_loss: float | None = None
    points_pab: float | None = None
    half_byes: str | None = None
    full_byes: str | None = None
    zero_byes: str | None = None
    forfeits: float | None = None
    double_forfeits: float | None = None
    unusual: float | None = None
    unrated_share: float | None = None
    baku: bool | None = None
    tiebreaks: str | None = None
    unrated_rating: int | None = None
    """Not drawn: ``None`` leaves unrated opponents out of ARO and TPR."""


def _share(text: str, key: str) -> float:
    text = text.strip()
    try:
        value = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise InvalidRequestError(f"{key}: {text!r} is not a number or a percentage") from None
    if not 0 <= value <= 1:
        raise InvalidRequestError(f"{key}: {text!r} is not a share between 0 and 1 (or 0% and 100%)")
    return value


def parse_config(text: str, *, base: GeneratorConfig | None = None) -> GeneratorConfig:
    """Read ``KEY=VALUE`` lines (bbpPairings' generator keys and ours) over ``base``."""
    values: dict[str, object] = {}
    for lineno, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or key not in _KEYS:
            known = ", ".join(_KEYS)
            raise InvalidRequestError(f"line {lineno}: {line!r}: write KEY=VALUE with a key among {known}")
        name = _KEYS[key]
        try:
            if name in ("half_byes", "full_byes", "zero_byes"):
                _amounts(value, key, 1)  # refuse a bad amount now
                values[name] = value
            elif name == "tiebreaks":
                values[name] = value
            elif name == "baku":
                if value.lower() not in ("0", "1", "true", "false", "yes", "no"):
                    raise InvalidRequestError(f"{key}: write 1 or 0")
                values[name] = value.lower() in ("1", "true", "yes")
            elif name in ("forfeits", "double_forfeits", "unusual", "unrated_share"):
                values[name] = _share(value, key)
            elif name.startswith("points_") or name == "draw_percentage":
                values[name] = float(value)
            else:
                number = int(value)
                if number < (0 if name.endswith("_rate") or name == "unrated_rating" else 1):
                    raise InvalidRequestError(f"{key}: {number} is too small")
                values[name] = number
        except ValueError:
            raise InvalidRequestError(f"line {lineno}: {key}: {value!r} is not a number") from None
    return replace(base or GeneratorConfig(), **values)  # type: ignore[arg-type]


def _amounts(text: str, key: str, rounds: int) -> list[tuple[int | None, float | int]]:
    """``"3,2:1,5%"`` -> [(None, 3), (2, 1), (None, 0.05)]: counts are ints, shares floats."""
    items: list[tuple[int | None, float | int]] = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        rnd_text, colon, amount = part.rpartition(":")
        rnd = None
        if colon:
            if not rnd_text.strip().isdigit() or int(rnd_text) < 1:
                raise InvalidRequestError(f"{key}: {part!r}: write ROUND:AMOUNT with a round of 1 or more")
            rnd = int(rnd_text)
        amount = amount.strip()
        if amount.isdigit():
            items.append((rnd, int(amount)))
        else:
            items.append((rnd, _share(amount, key)))
    return items


@dataclass(frozen=True, slots=True)
class _Plan:
    """A config with every value decided."""

    players: int
    rounds: int
    draw: float
    forfeits: float
    double_forfeits: float
    unusual: float
    retired: float
    half_byes: str
    full_byes: str
    zero_byes: str
    highest: int
    lowest: int
    unrated: float
    scoring: Scoring
    baku: bool
    tiebreaks: str


@dataclass(frozen=True, slots=True)
class _Draws:
    """One value per parameter, drawn in this order whatever the config gives."""

    players: int
    rounds: int
    draw: float
    forfeits: float
    double: float
    unusual: float
    retired: float
    half: str
    full: str
    zero: str
    highest: int
    spread: int
    unrated: float
    baku: bool
    tiebreaks: str


def _decide(config: GeneratorConfig, rng: random.Random) -> _Plan:
    """Fill every unspecified value from ``rng``; the draws happen in a fixed order whatever is given,
    so giving one value does not change the others a seed draws."""
    draws = _Draws(
        players=rng.randint(6, 120),
        rounds=rng.randint(3, 11),
        draw=rng.uniform(0.15, 0.6),
        forfeits=rng.choice((0.0, 0.0, 0.01, 0.03)),
        double=rng.choice((0.0, 0.0, 0.005)),
        unusual=rng.choice((0.0, 0.0, 0.0, 0.01)),
        retired=rng.choice((0.0, 0.0, 0.02, 0.05)),
        half=rng.choice(("0", "0", "2%", "5%")),
        full=rng.choice(("0", "0", "0", "1")),
        zero=rng.choice(("0", "0", "1%", "1:1")),
        highest=rng.randint(1800, 2800),
        spread=rng.randint(200, 1000),
        unrated=rng.choice((0.0, 0.0, 0.05, 0.15)),
        baku=rng.random() < 0.2,
        tiebreaks=rng.choice(
            ("BH/C1,BH,SB,WIN", "BH/C1,BH,PS", "SB,BH,ARO", "BH/C1,BH,SB,KS,TPR", "WIN,BH/C1,BH")
        ),
    )
    # Drawn values stay pairable: a drawn field has at least two players a round, drawn rounds are at
    # most about log2 of a given field plus two (a Swiss rarely pairs further without a rematch).
    if config.rounds:
        rounds = config.rounds
    elif config.players:
        rounds = min(draws.rounds, max(1, config.players.bit_length() + 1), max(1, config.players - 1))
    else:
        rounds = draws.rounds
    players = config.players or max(draws.players, 2 * rounds)
    highest = config.highest_rating if config.highest_rating is not None else draws.highest
    lowest = config.lowest_rating if config.lowest_rating is not None else max(1001, highest - draws.spread)
    if lowest > highest:
        raise InvalidRequestError(f"LowestRating {lowest} is above HighestRating {highest}")

    def half(points: float | None, default: int) -> int:
        if points is None:
            return default
        if points * 2 != int(points * 2) or points < 0:
            raise InvalidRequestError(f"points must be whole or half points, found {points}")
        return int(points * 2)

    win = half(config.points_win, 2)
    draw = half(config.points_draw, 1)
    scoring = (
        Scoring(
            win=win,
            draw=draw,
            loss=half(config.points_loss, 0),
            pab=half(config.points_pab, win),
            forfeit_loss=half(config.points_forfeit_loss, 0),
            zero_bye=half(config.points_zpb, half(config.points_forfeit_loss, 0)),
        )
        if any(
            v is not None
            for v in (
                config.points_win,
                config.points_draw,
                config.points_loss,
                config.points_pab,
                config.points_forfeit_loss,
                config.points_zpb,
            )
        )
        else Scoring()
    )
    forfeits = config.forfeits
    if forfeits is None and config.forfeit_rate is not None:
        forfeits = 1 / config.forfeit_rate if config.forfeit_rate else 0.0
    retired = 1 / config.retired_rate if config.retired_rate else (0.0 if config.retired_rate == 0 else None)
    half_byes = config.half_byes
    if half_byes is None and config.half_bye_rate is not None:
        half_byes = f"{1 / config.half_bye_rate:.6f}" if config.half_bye_rate else "0"
    tiebreaks = draws.tiebreaks if config.tiebreaks is None else config.tiebreaks
    return _Plan(
        players=players,
        rounds=rounds,
        draw=(config.draw_percentage / 100) if config.draw_percentage is not None else draws.draw,
        forfeits=draws.forfeits if forfeits is None else forfeits,
        double_forfeits=draws.double if config.double_forfeits is None else config.double_forfeits,
        unusual=draws.unusual if config.unusual is None else config.unusual,
        retired=draws.retired if retired is None else retired,
        half_byes=draws.half if half_byes is None else half_byes,
        full_byes=draws.full if config.full_byes is None else config.full_byes,
        zero_byes=draws.zero if config.zero_byes is None else config.zero_byes,
        highest=highest,
        lowest=lowest,
        unrated=draws.unrated if config.unrated_share is None else config.unrated_share,
        scoring=scoring,
        baku=draws.baku if config.baku is None else config.baku,
        tiebreaks="" if tiebreaks.strip().lower() in ("", "none") else tiebreaks.strip(),
    )


def _absences(plan: _Plan, rng: random.Random) -> dict[int, dict[int, ResultCode]]:
    """round -> {player: H/F/Z} known before the round is paired (withdrawals included)."""
    absent: dict[int, dict[int, ResultCode]] = {r: {} for r in range(1, plan.rounds + 1)}
    ids = list(range(1, plan.players + 1))
    for pid in ids:  # withdrawals: absent from a random round on
        if plan.retired and rng.random() < plan.retired and plan.rounds > 1:
            start = rng.randint(2, plan.rounds)
            for later in range(start, plan.rounds + 1):
                absent[later][pid] = ResultCode.ZERO_BYE
    for spec, code in (
        (plan.zero_byes, ResultCode.ZERO_BYE),
        (plan.half_byes, ResultCode.HALF_BYE),
        (plan.full_byes, ResultCode.FULL_BYE),
    ):
        for only, amount in _amounts(spec, "byes", plan.rounds):
            chosen_rounds = [
                r for r in ([only] if only is not None else range(1, plan.rounds + 1)) if r <= plan.rounds
            ]
            if not chosen_rounds:
                continue
            slots = [(r, pid) for r in chosen_rounds for pid in ids if pid not in absent[r]]
            if isinstance(amount, int):
                chosen = rng.sample(slots, min(amount, len(slots)))
            else:
                chosen = [slot for slot in slots if rng.random() < amount]
            for r, pid in chosen:
                absent[r][pid] = code
    for who in absent.values():  # keep at least two players to pair in every round
        while plan.players - len(who) < 2:
            who.pop(next(iter(who)))
    return absent


def _result(
    white: int, black: int, strength: Mapping[int, int], plan: _Plan, rng: random.Random
) -> tuple[ResultCode, ResultCode]:
    roll = rng.random()
    if roll < plan.double_forfeits:
        return ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS
    roll -= plan.double_forfeits
    if roll < plan.forfeits:
        return (
            (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
            if rng.random() < 0.5
            else (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
        )
    roll -= plan.forfeits
    if roll < plan.unusual:
        return rng.choice(
            (
                (ResultCode.DRAW, ResultCode.LOSS),
                (ResultCode.LOSS, ResultCode.DRAW),
                (ResultCode.LOSS, ResultCode.LOSS),
            )
        )
    e = expected_score(strength[white], strength[black])
    p_draw = plan.draw * 2 * min(e, 1 - e)
    x = rng.random()
    if x < e - p_draw / 2:
        return ResultCode.WIN, ResultCode.LOSS
    if x < e + p_draw / 2:
        return ResultCode.DRAW, ResultCode.DRAW
    return ResultCode.LOSS, ResultCode.WIN


def generate(
    config: GeneratorConfig,
    seed: int,
    *,
    pair_round: Callable[[PairingRequest], PairingResult] | None = None,
    attempts: int = 20,
) -> TrfTournament:
    """A complete random tournament, paired round by round by ``pair_round`` (the Dutch engine).

    When some round has no valid pairing (a small field, many rounds), the tournament is drawn again
    from the same seed's next attempt, so the output still depends on the seed alone.

    Raises
    ------
    InvalidRequestError
        A config that cannot be met (no attempt could be paired to the end).
    """
    if pair_round is None:
        from .dutch import pair_round as dutch

        pair_round = dutch
    rng = random.Random(seed)
    plan = _decide(config, rng)
    for attempt in range(attempts):
        try:
            made = _one(plan, random.Random(f"{seed}/{attempt}"), seed, attempt, pair_round)
        except NoValidPairingError:
            continue
        if config.unrated_rating is None:
            return made
        # Ranked again with unrated opponents counted, and the file says so (the checker reads it).
        return _ranked(
            replace(made, comments=(*made.comments, unrated_rating_comment(config.unrated_rating)))
        )
    raise InvalidRequestError(
        f"no tournament of {plan.players} players and {plan.rounds} rounds could be paired to the end "
        f"in {attempts} attempts: fewer rounds or more players"
    )


def _one(
    plan: _Plan,
    rng: random.Random,
    seed: int,
    attempt: int,
    pair_round: Callable[[PairingRequest], PairingResult],
) -> TrfTournament:
    n = plan.players
    ratings = sorted((rng.randint(plan.lowest, plan.highest) for _ in range(n)), reverse=True)
    unrated = {i for i in range(n) if rng.random() < plan.unrated}
    listed = [0 if i in unrated else r for i, r in enumerate(ratings)]
    # Unrated players come last in the starting list (C.04.2 Art. 2: rating order); their playing strength
    # is hidden, drawn below the field.
    order = sorted(range(n), key=lambda i: (listed[i] == 0, -listed[i], i))
    strength = {
        pid: ratings[i] if listed[i] else rng.randint(max(1000, plan.lowest - 300), plan.lowest + 100)
        for pid, i in enumerate(order, start=1)
    }
    players = [
        TrfPlayer(id=pid, name=f"Player {pid:04d}", rating=listed[i]) for pid, i in enumerate(order, start=1)
    ]
    absences = _absences(plan, rng)
    colour = rng.choice((Colour.WHITE, Colour.BLACK))
    type_code = "FIDE_DUTCH_BAKU" if plan.baku else "FIDE_DUTCH"
    records: dict[int, list[RoundRecord]] = {p.id: [] for p in players}
    accelerations: dict[int, tuple[int, ...]] = {}
    if plan.baku:
        from .baku import baku_accelerations

        accelerations = baku_accelerations([p.id for p in players], plan.rounds, plan.scoring)
    base = TrfTournament(
        players=tuple(replace(p, accelerations=accelerations.get(p.id, ())) for p in players),
        total_rounds=plan.rounds,
        initial_colour=colour,
        scoring=plan.scoring,
        name=f"Generated tournament {seed}",
        type_code=type_code,
    )
    for rnd in range(1, plan.rounds + 1):
        for pid, code in absences[rnd].items():
            records[pid].append(RoundRecord(code))
        current = replace(base, players=tuple(replace(p, records=tuple(records[p.id])) for p in base.players))
        result = pair_round(current.to_request(rnd))
        for board in result.boards:
            w, b = _result(board.white, board.black, strength, plan, rng)
            records[board.white].append(RoundRecord(w, board.black, Colour.WHITE))
            records[board.black].append(RoundRecord(b, board.white, Colour.BLACK))
        if result.bye is not None:
            records[result.bye].append(RoundRecord(ResultCode.PAB))
    final = replace(
        base,
        players=tuple(replace(p, records=tuple(records[p.id])) for p in base.players),
        tiebreaks=plan.tiebreaks,
        comments=(
            f" generated by python -m pairing.engine (seed {seed}, attempt {attempt})",
            f" players {plan.players}, rounds {plan.rounds}, draw model {plan.draw:.3f}, forfeits "
            f"{plan.forfeits:.3f}, double forfeits {plan.double_forfeits:.3f}, unusual {plan.unusual:.3f}, "
            f"withdrawals {plan.retired:.3f}, byes H {plan.half_byes} F {plan.full_byes} Z {plan.zero_byes}, "
            f"ratings {plan.lowest}-{plan.highest}, unrated {plan.unrated:.2f}, baku {int(plan.baku)}",
        ),
    )
    return _ranked(final)


def _ranked(t: TrfTournament) -> TrfTournament:
    """Write the ranks the file's tie-breaks give (FIDE 2026 rules), plus the ``212`` record."""
    from .checker import tiebreak_codes
    from .standings import StandingsRequest, compute_standings
    from .tiebreaks import validate_tiebreaks
    from .types import Participant

    listed = tiebreak_codes(t)
    codes = validate_tiebreaks(listed[0]) if listed else ()
    table = compute_standings(
        StandingsRequest(
            participants=tuple(
                Participant(id=p.id, tpn=p.id, rating=p.rating, name=p.name, history=p.records)
                for p in t.players
            ),
            rounds=t.total_rounds or 0,
            tiebreaks=codes,
            unplayed="fide-2026",
            scoring=t.scoring,
            direct_encounter="fide",
            breakdowns=False,
            unrated_rating=t.unrated_rating,
        )
    )
    rank = {row.id: row.rank for row in table.rows}
    other = (f"212 PTS,{t.tiebreaks}",) if t.tiebreaks else ()
    return replace(
        t,
        players=tuple(replace(p, rank=rank[p.id]) for p in t.players),
        other_records=other,
    )


def generate_trf(config: GeneratorConfig, seed: int, **kwargs: object) -> str:
    """:func:`generate` written as TRF-2026 (CR line ends, as the writer makes them)."""
    return write_trf(generate(config, seed, **kwargs), version="2026")  # type: ignore[arg-type]
