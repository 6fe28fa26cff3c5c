"""The explanation of a bracket's pairing: why the chosen candidate is not the plain one, and why
each player floats.

The plain candidate is the one generated first (MDPs against the top residents, then S1 against
S2). When another one is chosen, the explanation names the first reason found, in the order of the
rules: a pair of the plain candidate breaks C1 or C3, the plain candidate breaks C4, or the chosen
one is better on the first quality criterion where the two differ.
"""

from __future__ import annotations

from ..colours import colour_name
from ..types import FloatNote
from .candidates import first_candidate
from .search import BracketSearch

__all__ = ["departure", "floats_of_bracket", "score_text", "search_score"]


def score_text(score: int) -> str:
    """A score in half-points as players write it: ``3``, ``2½``, ``½``."""
    whole, half = divmod(score, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def departure(search: BracketSearch) -> str:
    """Why the chosen candidate is not the plain S1-against-S2 order (empty when it is)."""
    field = search.field
    pairs, floaters = first_candidate(search.mdps, search.residents, search.bracket)
    if {frozenset(p) for p in pairs} == {frozenset(p) for p in search.best_pairs}:
        return ""
    how = search.best_how or "transposition of S2"
    for a, b in pairs:
        if not field.compatible(a, b):
            pa, pb = field.players[a], field.players[b]
            if pb.id in pa.met:
                rule = f"C1: {pa.label} and {pb.label} have already played each other"
            elif pb.id in pa.forbidden:
                rule = f"C1: {pa.label} and {pb.label} must not be paired (forbidden pair)"
            else:
                assert pa.preference is not None
                rule = f"C3: {pa.label} and {pb.label} both need {colour_name(pa.preference)}"
            return f"{how}, because {rule}"
    if not field.completable(search.group, floaters):
        return f"{how}, because C4: the plain order would leave players below impossible to pair"
    plain = search.vector(pairs, floaters)
    best = search.best or plain
    for k, (x, y) in enumerate(zip(plain, best, strict=True)):
        if x != y:
            return f"{how}, because it is better on {search.layout.label(k)}"
    return f"{how} (equal on every criterion; generated first)"


def search_score(search: BracketSearch, default: int) -> int:
    """The bracket's score: its resident score group's (moved-down players keep their own)."""
    return search.field.players[search.residents[0]].score if search.residents else default


def floats_of_bracket(search: BracketSearch, floats: list[FloatNote], next_group: list[int]) -> list[int]:
    """Add the float notes of the bracket's pairs and downfloaters to ``floats``; return the
    downfloaters (the next bracket's MDPs) in pairing order."""
    players = search.field.players
    for x, y in search.best_pairs:
        a, b = players[x], players[y]
        if a.score != b.score:
            high, low = (a, b) if a.score > b.score else (b, a)
            # one downfloat per round (Art. 1.4): a moved-down player already has the note that
            # says why they left their bracket
            if not any(f.participant == high.id and f.direction == "down" for f in floats):
                floats.append(
                    FloatNote(
                        high.id, "down", high.score, low.score, f"{high.label} paired down to a lower score"
                    )
                )
            floats.append(
                FloatNote(
                    low.id, "up", low.score, high.score, f"{low.label} paired up against a higher score"
                )
            )
    downfloaters = sorted(search.best_floaters, key=lambda x: (-players[x].score, players[x].tpn))
    for x in downfloaters:
        p = players[x]
        if next_group:
            to = players[next_group[0]].score
            why = (
                "odd number of players in the bracket"
                if len(search.bracket) % 2 == 1 and len(downfloaters) == 1
                else "no legal opponent left in the bracket (completion)"
            )
            # A whole sentence: the staff page lists the floats on their own, one line each.
            reason = (
                f"{p.label} floats down from the {score_text(search_score(search, p.score))}-point bracket to the "
                f"{score_text(to)}-point bracket: {why}"
            )
            floats.append(FloatNote(p.id, "down", p.score, to, reason))
    return downfloaters
