"""The tournament checker behind ``python -m pairing.engine --check FILE``: every round's pairing and, where
the file names its tie-breaks, every standings position, each finding naming the round, the pair or the
player, and the FIDE article.

What is checked, round by round (each round from the file's earlier rounds plus that round's known
absences, as :meth:`TrfTournament.to_request` builds it):

- the recorded pairing against the absolute criteria (:func:`pairing.engine.checks.check_pairing`, which
  shares no code with the engine): rematches, two byes, colour limits, everybody paired once ...;
- the recorded pairing against the one the Dutch rules give (C.04.3; FIDE's GHR 1.4 asks identical
  pairings of every endorsed program): a pair the file has and the rules do not, a pair with the colours
  reversed, a different pairing-allocated bye. Board order is not compared (GHR 3.6 only recommends it).

Standings: with a TRF-2026 ``212`` record (``PTS`` then the tie-breaks) or a ``202`` record (the
tie-breaks), the ranks in columns 86-89 are compared with the standings these tie-breaks give (C.07 Art.
4.2). Players whom every tie-break leaves level may stand in either order (a drawing of lots), so a rank is
wrong only when it lies outside the places of its still-level group.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from .checks import check_pairing
from .errors import InvalidRequestError, NoValidPairingError
from .standings import StandingsRequest, compute_standings, trf_rating_fields
from .tiebreaks import TIEBREAKS, UnknownTiebreakError, validate_tiebreaks
from .trf import TrfTournament
from .types import Board, Colour, PairingRequest, PairingResult, Participant, ResultCode

__all__ = ["CheckReport", "Finding", "check_tournament", "recorded_pairing", "tiebreak_codes"]

ARTICLES: dict[str, str] = {
    "unknown-participant": "C.04.1 Art. 1",
    "unavailable-paired": "C.04.2 Art. 2.1",
    "paired-twice": "C.04.1 Art. 1",
    "not-paired": "C.04.3 Art. 2.2 [C4]",
    "needless-bye": "C.04.1 Art. 3",
    "second-bye": "C.04.1 Art. 4 / C.04.3 [C2]",
    "rematch": "C.04.1 Art. 2 / C.04.3 [C1]",
    "forbidden-pair": "C.04.2 Art. 2 (forbidden pairs)",
    "colour-clash": "C.04.3 [C3]",
    "colour-three-in-row": "C.04.1 Art. 7",
    "colour-difference": "C.04.1 Art. 6",
}
"""The article each rule of :mod:`pairing.engine.checks` comes from."""

ART_PAIRS = "C.04.3 Art. 2.3-4.4, the pairing the quality criteria give"
ART_COLOURS = "C.04.3 Art. 5.2, colour allocation"
ART_BYE = "C.04.3 [C5], [C9], who gets the pairing-allocated bye"
ART_STANDINGS = "C.07 Art. 4.2"
_ARTICLE_OF_CODE = {info.code: info.article for info in TIEBREAKS}


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing the file gets wrong."""

    round: int | None
    """1-based; ``None`` for the final standings."""
    subject: str
    """``pair 3-7``, ``bye``, ``player 12``..."""
    article: str
    message: str
    kind: str = "pairing"
    """``absolute`` (a hard rule broken), ``pairing``, ``colour``, ``bye``, ``standings`` or ``note``."""

    def __str__(self) -> str:
        where = f"round {self.round}" if self.round is not None else "standings"
        return f"{where}: {self.subject}: {self.message} ({self.article})"


@dataclass(frozen=True, slots=True)
class CheckReport:
    rounds: int = 0
    """Rounds with a pairing in the file (and so checked)."""
    rounds_ok: int = 0
    standings_checked: bool = False
    tiebreaks: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = field(default_factory=tuple)
    notes: tuple[str, ...] = ()
    """What was not checked and why (an unknown tie-break code, ranks missing)."""

    @property
    def ok(self) -> bool:
        return not any(f.kind != "note" for f in self.findings)

    def summary(self) -> str:
        text = f"{self.rounds_ok}/{self.rounds} rounds as the rules give"
        if self.standings_checked:
            wrong = sum(1 for f in self.findings if f.kind == "standings")
            text += f"; standings ({','.join(self.tiebreaks)}): " + (f"{wrong} wrong" if wrong else "ok")
        return text


def recorded_pairing(t: TrfTournament, round_number: int) -> PairingResult:
    """The pairing a file records for a round (forfeits included, since they were paired), as a result."""
    boards: set[tuple[int, int]] = set()
    bye = None
    for p in t.players:
        if len(p.records) < round_number:
            continue
        record = p.records[round_number - 1]
        if record.opponent is not None and record.colour is not None:
            white, black = (
                (p.id, record.opponent) if record.colour is Colour.WHITE else (record.opponent, p.id)
            )
            boards.add((white, black))
        elif record.opponent is None and record.result is ResultCode.PAB:
            bye = p.id
    return PairingResult(
        boards=tuple(Board(i, w, b) for i, (w, b) in enumerate(sorted(boards), start=1)), bye=bye
    )


def tiebreak_codes(t: TrfTournament) -> tuple[list[str], str] | None:
    """The file's tie-break list and the record it came from: ``212`` (after its ``PTS``) before ``202``.

    TRF-2026 writes modifiers with a slash or a colon (``BH/C1``, ``BH:C1``); the engine's codes use a
    hyphen. ``None`` when the file names none.
    """
    text, record = "", ""
    for line in t.other_records:
        if line[:3] == "212":
            text, record = line[4:], "212"
    if not text and t.tiebreaks.strip():
        text, record = t.tiebreaks, "202"
    codes = [c for c in re.split(r"[,\s]+", text.strip().upper()) if c]
    if record == "212" and codes and codes[0] in ("PTS", "MPTS", "GPTS"):
        codes = codes[1:]
    codes = [re.sub(r"[/:]", "-", c) for c in codes]
    return (codes, record) if record else None


def check_tournament(
    t: TrfTournament,
    *,
    pair_round: Callable[[PairingRequest], PairingResult] | None = None,
    adjust: Callable[[PairingRequest], PairingRequest] | None = None,
    unplayed: str = "fide-2026",
    direct_encounter: str = "fide",
    rounds: Iterable[int] | None = None,
    standings: bool = True,
    unrated_rating: int | None = None,
) -> CheckReport:
    """Check every round of ``t`` and, where it lists tie-breaks, its standings.

    ``pair_round`` is the engine (the Dutch one by default); ``adjust`` changes each round's request
    before checking (the CLI's ``--baku`` puts the engine's virtual points in). ``unplayed`` and
    ``direct_encounter`` are the standings rules (FIDE's 2026 ones by default); ``unrated_rating``
    the rating unrated opponents count with in ARO and TPR (C.07 Art. 10), by default what the
    file's ``###`` line says (:attr:`TrfTournament.unrated_rating`), else they are left out.
    """
    if pair_round is None:
        from .dutch import pair_round as dutch

        pair_round = dutch
    if t.total_rounds is None:
        t = replace(t, total_rounds=max(t.played_rounds, 1))
    if t.initial_colour is None:
        # The drawing of lots for the initial colour (C.04.3 Art. 5.1) is not recorded: the file's first
        # round with colours shows it (what bbpPairings' checker assumes too).
        t = replace(t, initial_colour=t._inferred_initial_colour(t.played_rounds + 1))
    findings: list[Finding] = []
    checked = same = 0
    for rnd in rounds if rounds is not None else range(1, t.played_rounds + 1):
        recorded = recorded_pairing(t, rnd)
        if not recorded.boards and recorded.bye is None:
            continue
        checked += 1
        request = t.to_request(rnd)
        if adjust is not None:
            request = adjust(request)
        round_findings = _check_round(rnd, request, recorded, pair_round)
        findings += round_findings
        same += not round_findings
    report = CheckReport(rounds=checked, rounds_ok=same, findings=tuple(findings))
    if standings:
        rating = t.unrated_rating if unrated_rating is None else unrated_rating
        report = _check_standings(t, report, unplayed, direct_encounter, rating)
    return report


def _check_round(
    rnd: int,
    request: PairingRequest,
    recorded: PairingResult,
    pair_round: Callable[[PairingRequest], PairingResult],
) -> list[Finding]:
    findings = [
        Finding(rnd, _subject(v.participants), ARTICLES.get(v.rule, "C.04.1"), v.message, "absolute")
        for v in check_pairing(request, recorded)
    ]
    try:
        engine = pair_round(request)
    except NoValidPairingError as exc:
        if not findings:
            findings.append(
                Finding(
                    rnd, "round", "C.04.3 Art. 2.1", f"the rules find no valid pairing ({exc})", "absolute"
                )
            )
        return findings
    ours = {frozenset((b.white, b.black)): b for b in engine.boards}
    theirs = {frozenset((b.white, b.black)): b for b in recorded.boards}
    partner = {pid: b for b in engine.boards for pid in (b.white, b.black)}
    for key, board in sorted(theirs.items(), key=lambda kv: (kv[1].white, kv[1].black)):
        mine = ours.get(key)
        if mine is None:
            alternatives = sorted(
                {f"{b.white}-{b.black}" for pid in key if (b := partner.get(pid)) is not None}
                | ({f"bye {engine.bye}"} if engine.bye in key else set())
            )
            findings.append(
                Finding(
                    rnd,
                    f"pair {board.white}-{board.black}",
                    ART_PAIRS,
                    "not the Dutch pairing; the rules pair " + (", ".join(alternatives) or "them otherwise"),
                )
            )
        elif mine.white != board.white:
            findings.append(
                Finding(
                    rnd,
                    f"pair {board.white}-{board.black}",
                    ART_COLOURS,
                    f"colours reversed: the rules give White to {mine.white}",
                    "colour",
                )
            )
    if engine.bye != recorded.bye:
        findings.append(
            Finding(
                rnd,
                "bye",
                ART_BYE,
                f"the file gives the pairing-allocated bye to {recorded.bye or 'nobody'}, "
                f"the rules to {engine.bye or 'nobody'}",
                "bye",
            )
        )
    return findings


def _subject(ids: tuple[int, ...]) -> str:
    if len(ids) == 2:
        return f"pair {ids[0]}-{ids[1]}"
    if len(ids) == 1:
        return f"player {ids[0]}"
    return "players " + ", ".join(map(str, ids)) if ids else "round"


def _check_standings(
    t: TrfTournament, report: CheckReport, unplayed: str, de_rule: str, unrated_rating: int | None
) -> CheckReport:
    listed = tiebreak_codes(t)
    if listed is None:
        return report
    codes, record = listed
    kind = f"{t.tournament_type} {t.type_code}".upper()
    round_robin = "ROBIN" in kind or "BERGER" in kind
    try:
        codes_ok = validate_tiebreaks(codes, round_robin=round_robin)
    except (UnknownTiebreakError, InvalidRequestError) as exc:
        return replace(report, notes=(*report.notes, f"standings not checked: record {record}: {exc}"))
    if any(p.rank is None for p in t.players):
        return replace(
            report, notes=(*report.notes, "standings not checked: a player has no rank (columns 86-89)")
        )
    ordered = (
        list(enumerate(t.players, start=1))
        if t.pair_by_rank
        else [(p.id, p) for p in sorted(t.players, key=lambda p: p.id)]
    )
    played = t.played_rounds
    request = StandingsRequest(
        participants=tuple(
            Participant(
                id=p.id, tpn=tpn, rating=p.rating, name=p.name, title=p.title, history=p.records[:played]
            )
            for tpn, p in ordered
        ),
        rounds=played,
        tiebreaks=codes_ok,
        unplayed=unplayed,
        scoring=t.scoring,
        round_robin=round_robin,
        direct_encounter=de_rule,
        breakdowns=False,
        unrated_rating=unrated_rating,
        # An expelled player (this program's ``###`` line) has no place to check: the others are ranked
        # without them (VCL Q197-198), their games still counting for their opponents.
        expelled=frozenset(pid for pid in t.expelled if any(p.id == pid for p in t.players)),
        **trf_rating_fields(t),
    )
    table = compute_standings(request)
    place = {row.id: row.rank for row in table.rows}
    span: dict[int, tuple[int, int]] = {}
    for row in table.rows:
        group = row.lot_group if row.by_lot and row.lot_group else (row.id,)
        ranks = [place[pid] for pid in group]
        span[row.id] = (min(ranks), max(ranks))
    rank_of = {p.id: p.rank for p in t.players}
    findings = list(report.findings)
    for row in table.rows:
        low, high = span[row.id]
        got = rank_of[row.id]
        assert got is not None
        if low <= got <= high:
            continue
        expected = str(low) if low == high else f"{low}-{high}"
        decided = row.decided_by if row.decided_by not in (None, "LOT") else None
        article = ART_STANDINGS + (
            f", {decided} (C.07 Art. {_ARTICLE_OF_CODE[decided]})" if decided in _ARTICLE_OF_CODE else ""
        )
        values = ", ".join(f"{v.code} {v.display}" for v in row.tiebreaks)
        findings.append(
            Finding(
                None,
                f"player {row.id}",
                article,
                f"ranked {got} in the file, {expected} by the tie-breaks ({row.points_display} points"
                + (f"; {values}" if values else "")
                + ")",
                "standings",
            )
        )
    return replace(report, findings=tuple(findings), standings_checked=True, tiebreaks=codes_ok)
