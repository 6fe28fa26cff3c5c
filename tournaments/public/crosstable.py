"""The crosstable and one participant's card: what everyone did round by round, from a snapshot.

Both read the :class:`~tournaments.public.selectors.Snapshot` the page has already loaded and the
ranking from :mod:`tournaments.public.standings`, so the number of queries does not grow with the
tournament.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext

from tournaments.models import Participant, Round, RoundBye, Tournament
from tournaments.public.plain_words import plain_note
from tournaments.public.selectors import BYE_SYMBOL, Entry, Snapshot
from tournaments.public.standings import PageLink, Standings, page_links
from tournaments.scores import format_points

# --- crosstable ----------------------------------------------------------------------------------

CROSSTABLE_PAGE_ROWS = 200
"""Rows of a Swiss wall chart per page: 5,000 players x 11 rounds in one page is megabytes of HTML."""


@dataclass(frozen=True, slots=True)
class CrossCell:
    text: str
    """Swiss wall chart: "12w1" (opponent's rank, colour, result); bye rounds show the bye."""
    title: str


@dataclass(frozen=True, slots=True)
class CrossRow:
    rank: int
    participant: Participant
    cells: list[CrossCell]
    points: str


@dataclass(frozen=True, slots=True)
class Crosstable:
    round_numbers: list[int]
    rows: list[CrossRow]
    grid: bool
    """True for round robins: one column per participant instead of one per round."""
    columns: list[int]
    """Rank numbers heading the grid's columns (round robins)."""
    ranked_after: int | None = None
    """The round the places are from; later public rounds' results are in the cells and points."""
    pages: list[PageLink] = field(default_factory=list)
    """Every page of the wall chart when it takes more than one (empty otherwise)."""
    page: int = 1


def crosstable_page(value: str | None) -> int:
    """A sane ``page`` parameter (anything odd is the first page; past the end, the last)."""
    try:
        page = int(value or "")
    except ValueError:
        return 1
    return page if 1 <= page <= 1000 else 1


def crosstable_build(snapshot: Snapshot, standings: Standings, *, page: int = 1) -> Crosstable:
    """The wall chart (Swiss: ``CROSSTABLE_PAGE_ROWS`` places a page, ``page`` counted from 1)
    or the grid (round robin: everyone, one column each)."""
    rank_of = {row.participant.id: row.rank for row in standings.rows}
    order = [row.participant for row in standings.rows]
    if snapshot.tournament.format == Tournament.Format.ROUND_ROBIN:
        number_of = {p.id: index for index, p in enumerate(order, start=1)}
        return _grid(snapshot, order, number_of, {p.id: p.name for p in order}, standings)
    # Expelled players have no place (rank 0, shown as a dash) but their games are on the chart: they come
    # last, so their opponents' cells have a number to point to.
    order += standings.expelled
    number_of = {p.id: index for index, p in enumerate(order, start=1)}
    names = {p.id: p.name for p in order}
    size = CROSSTABLE_PAGE_ROWS
    pages = page_links(len(order), size)
    page = min(page, len(pages)) if pages else 1
    round_numbers = [rnd.number for rnd in snapshot.rounds]
    rows = []
    for p in order[(page - 1) * size : page * size]:
        history = snapshot.history.get(p.id, {})
        cells = [_wall_cell(history.get(number), number_of, names) for number in round_numbers]
        rows.append(CrossRow(rank_of.get(p.id, 0), p, cells, format_points(snapshot.score(p.id))))
    return Crosstable(
        round_numbers, rows, False, [], standings.through_round, pages if len(pages) > 1 else [], page
    )


def _wall_cell(entry: Entry | None, number_of: dict[int, int], names: dict[int, str]) -> CrossCell:
    if entry is None:
        return CrossCell("", "")
    if entry.opponent_id is None:
        label = RoundBye.Kind(entry.bye_kind).label if entry.bye_kind else "Bye"
        return CrossCell(BYE_SYMBOL.get(entry.bye_kind, "bye"), f"{label}: {entry.symbol}")
    opponent = number_of.get(entry.opponent_id, 0)
    colour = entry.colour or ""
    symbol = entry.symbol or "…"
    title = f"{'White' if colour == 'w' else 'Black'} against {names.get(entry.opponent_id, '')}"
    return CrossCell(f"{opponent}{colour}{symbol}", title)


def _grid(snapshot, order, number_of, names, standings) -> Crosstable:
    results: dict[tuple[int, int], list[str]] = {}
    for p in order:
        for entry in snapshot.history.get(p.id, {}).values():
            if entry.opponent_id is not None:
                results.setdefault((p.id, entry.opponent_id), []).append(entry.symbol or "…")
    rows = []
    for row in standings.rows:
        p = row.participant
        cells = []
        for other in order:
            if other.id == p.id:
                cells.append(CrossCell("×", ""))
            else:
                cells.append(CrossCell(" ".join(results.get((p.id, other.id), [])), f"against {other.name}"))
        rows.append(CrossRow(row.rank, p, cells, format_points(snapshot.score(p.id))))
    return Crosstable([], rows, True, list(range(1, len(order) + 1)), standings.through_round)


# --- one participant's card ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardRound:
    round_number: int
    board: int | None
    colour: str
    opponent: Participant | None
    result: str
    running: str
    explanation: list[str]
    upcoming: bool = False
    """A round published ahead of the one being played (round robins publish them all)."""


def _explain(rnd: Round, participant_id: int, board: int | None) -> list[str]:
    """The parts of the engine's explanation of ``rnd`` that concern this participant."""
    data = rnd.explanation or {}
    if not isinstance(data, dict):
        return []
    lines = []
    brackets = []
    for group in data.get("scoregroups") or []:
        try:
            score, members = group[0], group[1]
        except (TypeError, IndexError, KeyError):
            continue
        if participant_id in members:
            lines.append(f"Paired in the {format_points(score)}-point group ({len(members)} players).")
            if isinstance(score, int):
                # The engine labels its notes "1½-point bracket: ..."; explanations stored before
                # read "Bracket 1.5: ...".
                brackets.append(f"{format_points(score)}-point bracket:")
                brackets.append(f"Bracket {score // 2 if score % 2 == 0 else f'{score / 2:g}'}:")
    for note in data.get("floats") or []:
        if isinstance(note, dict) and note.get("participant") == participant_id:
            reason = str(note.get("reason") or "")
            # The engine's sentence names the player and the brackets, which the line below says.
            reason = reason.split("-point bracket: ", 1)[-1]
            start, end = note.get("from_score"), note.get("to_score")
            if start == end:  # the bye: a float on paper, no change of group
                lines.append(reason)
                continue
            values = {"start": format_points(start), "end": format_points(end)}
            if note.get("direction") == "down":
                moved = gettext("Floated down from the %(start)s to the %(end)s-point group") % values
            else:
                moved = gettext("Floated up from the %(start)s to the %(end)s-point group") % values
            lines.append(f"{moved}: {reason}" if reason else f"{moved}.")
    for note in data.get("boards") or []:
        if (
            isinstance(note, dict)
            and board is not None
            and note.get("board") == board
            and note.get("message")
        ):
            lines.append(str(note["message"]))
    name = (data.get("names") or {}).get(str(participant_id))
    if name:
        # Players read the notes in plain words; the staff round page keeps the engine's own form.
        lines.extend(
            plain_note(str(note))
            for note in data.get("notes") or []
            if name in str(note) or str(note).startswith(tuple(brackets))
        )
    for item in rnd.violations or []:
        if isinstance(item, dict) and participant_id in (item.get("participants") or []):
            rule = item.get("message", item.get("rule", ""))
            lines.append(gettext("Rule broken for this pairing: %(rule)s") % {"rule": rule})
    return list(
        dict.fromkeys(line for line in lines if line)
    )  # the engine may note one float twice (leaving the group, then the game)


def participant_card(snapshot: Snapshot, participant_id: int) -> list[CardRound]:
    history = snapshot.history.get(participant_id, {})
    people = snapshot.participants
    current = snapshot.current_round.number if snapshot.current_round else 0
    rounds = []
    for rnd in snapshot.rounds:
        entry = history.get(rnd.number)
        if entry is None:
            rounds.append(CardRound(rnd.number, None, "", None, "", "", [], rnd.number > current))
            continue
        bye = RoundBye.Kind(entry.bye_kind).label if entry.bye_kind else ""
        colour = {"w": "White", "b": "Black"}.get(entry.colour or "", bye)
        rounds.append(
            CardRound(
                rnd.number,
                entry.board,
                colour,
                people.get(entry.opponent_id) if entry.opponent_id else None,
                entry.symbol,
                format_points(entry.score_after) if entry.score_after is not None else "",
                _explain(rnd, participant_id, entry.board),
                rnd.number > current,
            )
        )
    return rounds
