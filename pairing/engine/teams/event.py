"""A whole team event as the engine sees it: teams, their players in board order, matches with board
results; and what follows from it: match and game points, round records, the next pairing request.

Board colours: the team written as White in a match has White on board 1 (C.04.6 Art. 1.6.1) and the
colours run down the boards by the board-colour sequence (TRF-2026 record 352), by default
alternating W, B, W, B... as in the Olympiad.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InvalidRequestError
from ..types import Colour
from .types import (
    ColourType,
    MatchKind,
    MatchScoring,
    PrimaryScore,
    Team,
    TeamRound,
    TeamSwissRequest,
)

__all__ = [
    "BoardResult",
    "Lineup",
    "MatchRecord",
    "TeamEntry",
    "TeamEvent",
    "board_colours",
    "match_points",
    "team_rounds",
    "team_swiss_request",
]


def board_colours(boards: int, sequence: str = "") -> tuple[Colour, ...]:
    """The colours of the White team's players, board 1 first (record 352; default alternating)."""
    seq = sequence.upper() or "".join("WB"[i % 2] for i in range(boards))
    if len(seq) != boards or set(seq) - {"W", "B"}:
        raise InvalidRequestError(f"board-colour sequence {sequence!r} does not fit {boards} boards")
    if seq[0] != "W":
        raise InvalidRequestError("the board-colour sequence starts with White on board 1 (Art. 1.6.1)")
    return tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in seq)


@dataclass(frozen=True, slots=True)
class TeamEntry:
    tpn: int
    name: str
    players: tuple[int, ...]
    """Player ids (TRF starting ranks) in board order, reserves after the regular boards."""


@dataclass(frozen=True, slots=True)
class BoardResult:
    white_points: int
    """Half-points of the White team's player on this board: 2, 1 or 0."""
    forfeit: bool = False
    """A single-board forfeit: it scores, but the game was not played."""
    black_points: int | None = None
    """Half-points of the Black team's player when they are not ``2 - white_points``: a double
    forfeit on one board (``0``: neither player scores, C.04.6's match result counts no game
    point for either team). ``None``: the board's points add up to one game."""

    @property
    def black(self) -> int:
        """Half-points of the Black team's player on this board."""
        return 2 - self.white_points if self.black_points is None else self.black_points


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who played on each board for one team in one match (player ids, board 1 first)."""

    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchRecord:
    round: int
    white: int
    """TPN of the team with White on board 1."""
    black: int
    boards: tuple[BoardResult, ...] = ()
    forfeit: str = ""
    """A whole-match forfeit (record 330): ``"+-"`` White wins, ``"-+"`` Black wins, ``"--"`` both lose."""
    white_lineup: Lineup | None = None
    black_lineup: Lineup | None = None
    """Default: the team's first boards in list order."""

    def game_points(self, boards: int) -> tuple[int, int]:
        """(White team, Black team) game points in half-points."""
        if self.forfeit:
            full = 2 * boards
            return {"+-": (full, 0), "-+": (0, full), "--": (0, 0)}[self.forfeit]
        return sum(b.white_points for b in self.boards), sum(b.black for b in self.boards)


@dataclass(frozen=True, slots=True)
class TeamEvent:
    """A team Swiss or round robin: the settings, the teams, and what happened round by round."""

    name: str
    total_rounds: int
    boards: int
    teams: tuple[TeamEntry, ...]
    matches: tuple[MatchRecord, ...] = ()
    byes: tuple[tuple[int, int], ...] = ()
    """(round, team TPN) of each pairing-allocated bye."""
    absent: tuple[tuple[int, int], ...] = ()
    """(round, team TPN) of teams not paired in a round (zero-point byes)."""
    scoring: MatchScoring = field(default_factory=MatchScoring)
    colour_type: ColourType = ColourType.A
    primary: PrimaryScore = PrimaryScore.MATCH
    secondary_for_colour: bool = True
    initial_colour: Colour = Colour.WHITE
    colour_sequence: str = ""
    baku: bool = False
    """Baku acceleration (C.04.7); see :mod:`.baku`."""
    forbidden: tuple[tuple[int, int, tuple[int, ...]], ...] = ()
    """Prohibited pairings (TRF-2026 record 260): (first round, last round, team TPNs); the teams of
    one entry may not meet each other in those rounds."""

    @property
    def rounds_played(self) -> int:
        return max([m.round for m in self.matches] + [r for r, _ in self.byes], default=0)


def match_points(event: TeamEvent, match: MatchRecord) -> tuple[int, int]:
    """(White team, Black team) match points of one match; a double forfeit gives both a loss."""
    gw, gb = match.game_points(event.boards)
    if match.forfeit == "--":
        return event.scoring.loss, event.scoring.loss
    return event.scoring.match_points(gw, gb), event.scoring.match_points(gb, gw)


def team_rounds(event: TeamEvent, upto: int) -> dict[int, tuple[TeamRound, ...]]:
    """Each team's round records for rounds 1..``upto`` (keyed by TPN)."""
    records: dict[int, list[TeamRound | None]] = {t.tpn: [None] * upto for t in event.teams}
    for m in event.matches:
        if m.round > upto:
            continue
        gw, gb = m.game_points(event.boards)
        mw, mb = match_points(event, m)
        if m.forfeit:
            kinds = {
                "+-": (MatchKind.FORFEIT_WIN, MatchKind.FORFEIT_LOSS),
                "-+": (MatchKind.FORFEIT_LOSS, MatchKind.FORFEIT_WIN),
                "--": (MatchKind.DOUBLE_FORFEIT, MatchKind.DOUBLE_FORFEIT),
            }[m.forfeit]
        else:
            kinds = (MatchKind.PLAYED, MatchKind.PLAYED)
        records[m.white][m.round - 1] = TeamRound(kinds[0], m.black, Colour.WHITE, mw, gw)
        records[m.black][m.round - 1] = TeamRound(kinds[1], m.white, Colour.BLACK, mb, gb)
    pab_mp, pab_gp = event.scoring.pab(event.boards)
    for rnd, tpn in event.byes:
        if rnd <= upto:
            records[tpn][rnd - 1] = TeamRound(MatchKind.PAB, match_points=pab_mp, game_points=pab_gp)
    empty = TeamRound(MatchKind.ZERO_BYE)
    return {tpn: tuple(r or empty for r in recs) for tpn, recs in records.items()}


def team_swiss_request(event: TeamEvent, round_number: int) -> TeamSwissRequest:
    """The request to pair ``round_number`` from the rounds before it (team ids are the TPNs)."""
    history = team_rounds(event, round_number - 1)
    absent = {tpn for rnd, tpn in event.absent if rnd == round_number}
    teams = tuple(
        Team(t.tpn, t.tpn, history[t.tpn], available=t.tpn not in absent, name=t.name) for t in event.teams
    )
    return TeamSwissRequest(
        round_number=round_number,
        total_rounds=event.total_rounds,
        teams=teams,
        colour_type=event.colour_type,
        primary=event.primary,
        secondary_for_colour=event.secondary_for_colour,
        initial_colour=event.initial_colour,
        scoring=event.scoring,
        baku=event.baku,
        forbidden_pairs=frozenset(
            frozenset((x, y))
            for first, last, tpns in event.forbidden
            if first <= round_number <= last
            for i, x in enumerate(tpns)
            for y in tpns[i + 1 :]
            if x != y
        ),
    )
