"""The TRF records in engine terms (tournament, player, bye, forbidden group), the column layout the
reader and the writer share, and the TRF view of a pairing request."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

from ..errors import InvalidRequestError
from ..types import Colour, PairingRequest, Participant, ResultCode, RoundRecord, Scoring

__all__ = [
    "ForbiddenGroup",
    "TrfBye",
    "TrfPlayer",
    "TrfTournament",
    "expelled_comment",
    "long_tournament_comments",
    "trf_from_request",
    "unrated_rating_comment",
]

_ROUND_START = 91
"""0-based index of round 1's entry in a ``001`` line (column 92)."""
_ROUND_STEP = 10
_ENTRY_WIDTH = 8
_HEADER_FIELDS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "062": "players_count",
    "072": "rated_count",
    "082": "teams_count",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
    "192": "type_code",
    "202": "tiebreaks",
}


_UNRATED_RATING = re.compile(r"^\s*Unrated players count in ARO and TPR at (\d{1,4})\b")


def unrated_rating_comment(rating: int) -> str:
    """The ``###`` line (without its ``###``) that says unrated opponents count at ``rating`` in ARO
    and TPR: the app writes it on export, :attr:`TrfTournament.unrated_rating` reads it back."""
    return f" Unrated players count in ARO and TPR at {rating} (C.07 Art. 10)"


_EXPELLED = re.compile(r"^\s*Expelled from round (\d{1,3}): (\d{1,4})\b")


_BASIS_WORDS = {"first": "the first rating", "round": "the rating valid in each round"}
_LONG_TOURNAMENT = re.compile(
    r"^\s*Long tournament \(over 30 days\): rating tie-breaks count "
    r"(the first rating|the rating valid in each round|the rating valid from round (\d{1,2}))\s*$"
)
_RATING_FROM = re.compile(r"^\s*Rating from round (\d{1,2}): (\d{1,5}) (\d{1,4})\b")


def long_tournament_comments(
    basis: str, rating_round: int | None, later: Iterable[tuple[int, int, int, str]]
) -> tuple[str, ...]:
    """The ``###`` lines (without their ``###``) of a tournament lasting more than 30 days (FIDE's
    endorsement checklist Q210-216): which rating the rating tie-breaks count (``basis``, one of
    :data:`pairing.engine.tiebreaks.RATING_BASES`, with ``rating_round`` for ``chosen``), then each
    later rating, ``later`` giving (``001`` starting rank, from round, rating, name). TRF-2026 has one
    rating per player; :attr:`TrfTournament.rating_basis` and :attr:`TrfTournament.later_ratings` read
    them back."""
    words = _BASIS_WORDS.get(basis, f"the rating valid from round {rating_round}")
    lines = [f" Long tournament (over 30 days): rating tie-breaks count {words}"]
    for player_id, from_round, rating, name in sorted(later, key=lambda r: (r[1], r[0])):
        lines.append(f" Rating from round {from_round}: {player_id} {rating} {name}".rstrip())
    return tuple(lines)


def expelled_comment(player_id: int, name: str, from_round: int) -> str:
    """The ``###`` line (without its ``###``) that says player ``player_id`` (``001`` starting rank) was
    expelled and is not paired from round ``from_round`` on: TRF-2016 and TRF-2026 have no record for it.
    :attr:`TrfTournament.expelled` reads it back; such a player is left out of the ranking (their games count
    for their opponents) and their rank column holds a place after everyone ranked."""
    return f" Expelled from round {from_round}: {player_id} {name}".rstrip()


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    """One ``001`` record."""

    id: int
    """Starting rank (columns 5-8), the participant's id and pairing number."""
    name: str = ""
    sex: str = ""
    title: str = ""
    """As written in columns 11-13 (``g``, ``wg``, ``f`` ...)."""
    rating: int = 0
    """0 when unrated (blank columns)."""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: int | None = None
    """Half-points written in columns 81-84, for information only; ``None`` when blank (the writer
    then computes them). The engine always recomputes scores from :attr:`records`."""
    rank: int | None = None
    records: tuple[RoundRecord, ...] = ()
    """One record per round column, round 1 first, trailing blank columns dropped. The last one may
    be an absence known before the round to be paired (``0000 - Z/H/F``)."""
    accelerations: tuple[int, ...] = ()
    """Virtual points in half-points per round (``XXA``/``250``), trailing zeros dropped."""


@dataclass(frozen=True, slots=True)
class ForbiddenGroup:
    """Participants who must not meet each other (``260``, or ``XXP`` for every round)."""

    ids: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None
    """``None``: until the end of the tournament."""

    def applies_to(self, round_number: int) -> bool:
        return self.first_round <= round_number and (
            self.last_round is None or round_number <= self.last_round
        )


@dataclass(frozen=True, slots=True)
class TrfBye:
    """A bye known before a round is paired (``240``, or ``XXZ`` for the next round)."""

    round: int
    id: int
    result: ResultCode = ResultCode.ZERO_BYE
    """``F``, ``H`` or ``Z``."""


@dataclass(frozen=True)
class TrfTournament:
    """Everything a TRF file says, in engine terms (half-points, :class:`RoundRecord` histories).

    Every field has a default so the app can build one from its own models and call
    :func:`write_trf`.
    """

    players: tuple[TrfPlayer, ...] = ()
    """In file order."""
    total_rounds: int | None = None
    """``142`` / ``XXR``."""
    initial_colour: Colour | None = None
    """``152`` / ``XXC white1|black1``; ``None`` when the file does not say (then inferred from round 1)."""
    scoring: Scoring = field(default_factory=Scoring)
    forbidden: tuple[ForbiddenGroup, ...] = ()
    byes: tuple[TrfBye, ...] = ()
    pair_by_rank: bool = False
    """``XXC rank``: pairing numbers follow the order of the ``001`` lines, not their ids."""
    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    players_count: str = ""
    rated_count: str = ""
    teams_count: str = ""
    tournament_type: str = ""
    """``092``, free text."""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    time_control: str = ""
    round_dates: tuple[str, ...] = ()
    type_code: str = ""
    """``192``, e.g. ``FIDE_DUTCH`` or ``FIDE_DUTCH_BAKU``."""
    tiebreaks: str = ""
    """``202``, e.g. ``BH/C1,BH,SB``."""
    comments: tuple[str, ...] = ()
    """Text of the ``###`` lines."""
    other_records: tuple[str, ...] = ()
    """Lines of records this module does not interpret (``172``, ``222``, national ratings...), kept
    verbatim so that writing the file back loses nothing."""

    # -- derived views ---------------------------------------------------------------------------

    def player(self, player_id: int) -> TrfPlayer:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    @property
    def played_rounds(self) -> int:
        """Rounds already paired: the last round in which anybody was paired (a game, a forfeit or a
        bye allocated by the pairing), or one more when *every* participant has a record after it."""
        played = 0
        for p in self.players:
            for index, record in enumerate(p.records):
                played = max(played, index + 1 if _was_paired(record) else index)
        if self.players and all(len(p.records) > played for p in self.players):
            played += 1
        return played

    @property
    def unrated_rating(self) -> int | None:
        """The rating unrated opponents count with in ARO and TPR (C.07 Art. 10), as this program's
        ``###`` line says it (:func:`unrated_rating_comment`); ``None`` when no line says so (they
        are left out). TRF-2026 has no record for it."""
        for comment in self.comments:
            found = _UNRATED_RATING.match(comment)
            if found:
                return int(found.group(1))
        return None

    @property
    def rating_basis(self) -> tuple[str, int | None] | None:
        """A tournament lasting more than 30 days: (basis, chosen round or ``None``) of the rating
        tie-breaks, as this program's ``###`` line says it (:func:`long_tournament_comments`); ``None``
        when no line says the tournament is one."""
        for comment in self.comments:
            found = _LONG_TOURNAMENT.match(comment)
            if found:
                if found.group(2):
                    return "chosen", int(found.group(2))
                return ("round" if "each round" in found.group(1) else "first"), None
        return None

    @property
    def later_ratings(self) -> tuple[tuple[int, int, int], ...]:
        """(``001`` starting rank, from round, rating) of every later rating this program's ``###`` lines
        give (:func:`long_tournament_comments`), a round and a player once (the last line wins)."""
        found: dict[tuple[int, int], int] = {}
        for comment in self.comments:
            match = _RATING_FROM.match(comment)
            if match:
                found[int(match.group(2)), int(match.group(1))] = int(match.group(3))
        return tuple((pid, from_round, rating) for (pid, from_round), rating in sorted(found.items()))

    @property
    def expelled(self) -> dict[int, int]:
        """Expelled players, ``001`` starting rank -> the first round they are not paired in, as this
        program's ``###`` lines say it (:func:`expelled_comment`); empty when no line says so."""
        found: dict[int, int] = {}
        for comment in self.comments:
            match = _EXPELLED.match(comment)
            if match:
                found[int(match.group(2))] = int(match.group(1))
        return found

    @property
    def next_round(self) -> int:
        return self.played_rounds + 1

    def score(self, player_id: int, rounds: int | None = None) -> int:
        """Half-points from the first ``rounds`` records (all of them by default)."""
        records = self.player(player_id).records
        return sum(
            self.scoring.points(r.result) for r in records[: len(records) if rounds is None else rounds]
        )

    def to_request(self, round_number: int | None = None, *, least_bad: bool = False) -> PairingRequest:
        """The request to pair ``round_number`` (default: :attr:`next_round`).

        Parameters
        ----------
        round_number:
            1-based. An earlier round than the next one gives the input the round had before it was
            paired (what ``replay_corpus.py`` builds), which is how check mode re-pairs a finished event.
        least_bad:
            Passed through to :class:`PairingRequest`.

        Raises
        ------
        InvalidRequestError
            When the number of rounds is unknown or ``round_number`` is out of range.

        Notes
        -----
        Participants keep their starting rank as both ``id`` and ``tpn`` (or their line position with
        ``XXC rank``). bbpPairings, for the colour of two participants without history (Dutch Art.
        5.2.5), numbers only the participants who are present or have been paired before; a round-1
        absentee therefore shifts the parity of everybody below them there but not here. That
        renumbering is the engine's business, since requests from the app need it too.
        """
        rnd = self.next_round if round_number is None else round_number
        if self.total_rounds is None:
            raise InvalidRequestError("the file does not give the number of rounds (record 142 or XXR)")
        if not 1 <= rnd <= self.total_rounds:
            raise InvalidRequestError(f"round {rnd} is outside the tournament's {self.total_rounds} rounds")
        if rnd > self.next_round:
            raise InvalidRequestError(f"round {rnd} cannot be paired before round {self.next_round}")
        absent = {b.id for b in self.byes if b.round == rnd}
        accelerations = self._accelerations()
        participants = []
        for tpn, p in self._in_pairing_order():
            history = p.records[: rnd - 1]
            history += (RoundRecord(ResultCode.ZERO_BYE),) * (rnd - 1 - len(history))
            known_absence = len(p.records) >= rnd and not _was_paired(p.records[rnd - 1])
            participants.append(
                Participant(
                    id=p.id,
                    tpn=tpn,
                    rating=p.rating,
                    name=p.name,
                    title=p.title,
                    history=history,
                    accelerations=accelerations.get(p.id, ()),
                    available=not known_absence and p.id not in absent,
                )
            )
        forbidden = frozenset(
            frozenset(pair)
            for group in self.forbidden
            if group.applies_to(rnd)
            for pair in combinations(sorted(set(group.ids)), 2)
        )
        return PairingRequest(
            round_number=rnd,
            total_rounds=self.total_rounds,
            participants=tuple(participants),
            scoring=self.scoring,
            initial_colour=self.initial_colour or self._inferred_initial_colour(rnd) or Colour.WHITE,
            forbidden_pairs=forbidden,
            least_bad=least_bad,
        )

    def _in_pairing_order(self) -> list[tuple[int, TrfPlayer]]:
        if self.pair_by_rank:
            return list(enumerate(self.players, start=1))
        return [(p.id, p) for p in sorted(self.players, key=lambda p: p.id)]

    def _accelerations(self) -> dict[int, tuple[int, ...]]:
        given = {p.id: p.accelerations for p in self.players if p.accelerations}
        if given or not self.type_code.upper().endswith("_BAKU") or not self.total_rounds:
            return given
        from ..baku import baku_accelerations  # a 192 *_BAKU file without explicit virtual points

        ordered = [p.id for _, p in self._in_pairing_order()]
        return baku_accelerations(ordered, self.total_rounds, self.scoring)

    def _inferred_initial_colour(self, round_number: int) -> Colour | None:
        """What pairing number 1 got (or would have got) in the first round with colours, looking only
        at rounds before ``round_number``; the rule bbpPairings applies when ``XXC``/``152`` is absent."""
        first = min(
            (
                i
                for p in self.players
                for i, r in enumerate(p.records[: round_number - 1])
                if r.colour is not None and r.opponent is not None
            ),
            default=None,
        )
        if first is None:
            return None
        rank = 0
        for _, p in self._in_pairing_order():
            if not any(_was_paired(r) for r in p.records[: first + 1]):
                continue
            colour = p.records[first].colour if len(p.records) > first else None
            if colour is not None:
                return colour if rank % 2 == 0 else colour.opposite
            rank += 1
        return None


def _was_paired(record: RoundRecord) -> bool:
    """True when the pairing of that round placed the participant (board, forfeit or PAB)."""
    return record.opponent is not None or record.result is ResultCode.PAB


def _strip_zeros(values: Iterable[int]) -> tuple[int, ...]:
    result = list(values)
    while result and result[-1] == 0:
        result.pop()
    return tuple(result)


def trf_from_request(request: PairingRequest, *, name: str = "") -> TrfTournament:
    """The TRF view of a pairing request, e.g. to hand the exact engine input to bbpPairings.

    Unavailable participants become ``240 Z`` byes for the round, forbidden pairs ``260`` records for
    it. ``write_trf`` then ``parse_trf`` then ``to_request()`` gives ``request`` back when its pairing
    numbers are the ids or run 1..N (otherwise the file pairs by its line order, ``XXC rank``).
    """
    ordered = sorted(request.participants, key=lambda p: p.tpn)
    by_rank = any(p.id != p.tpn for p in ordered)
    rnd = request.round_number
    return TrfTournament(
        name=name,
        total_rounds=request.total_rounds,
        initial_colour=request.initial_colour,
        scoring=request.scoring,
        pair_by_rank=by_rank,
        players=tuple(
            TrfPlayer(
                id=p.id,
                name=p.name,
                title=p.title,
                rating=p.rating,
                records=p.history,
                accelerations=_strip_zeros(p.accelerations),
            )
            for p in (ordered if by_rank else sorted(ordered, key=lambda p: p.id))
        ),
        byes=tuple(TrfBye(rnd, p.id) for p in ordered if not p.available),
        forbidden=tuple(
            ForbiddenGroup(tuple(sorted(pair)), rnd, rnd)
            for pair in sorted(map(sorted, request.forbidden_pairs))
        ),
    )
