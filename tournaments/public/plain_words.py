"""The engine's pairing notes in plain words, for players on the public pages.

The engine explains a bracket's departure from the plain top-half-against-bottom-half order in an
arbiter's terms ("2-point bracket: exchange 1<->5, because it is better on C12 (colour preferences)").
Staff pages keep that form; a player's page gets :func:`plain_note`'s sentence instead.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# "1½-point bracket: ..." (and "Bracket 1.5: ...", the spelling of explanations stored before).
NOTE = re.compile(
    r"^(?:Bracket (?P<old>[^:]+)|(?P<score>[^:]+)-point bracket): "
    r"(?P<how>.+?)(?:, because (?P<why>.+)| \((?P<equal>equal on .+)\))?$"
)

CRITERIA = {
    "C6": _("fewer players have to play someone on a different score"),
    "C7": _("the players who play someone on a different score have lower scores"),
    "C8": _("the next score group can be paired better"),
    "C9": _("the bye goes to someone who has missed fewer games"),
    "C10": _("the leaders' colours stay balanced"),
    "C11": _("no leader gets the same colour three times running"),
    "C12": _("more players get the colour they are due"),
    "C13": _("more players get the colour they most need"),
    "C14": _("nobody moves down to a lower score group twice running"),
    "C15": _("nobody moves up to a higher score group twice running"),
    "C16": _("nobody moves down again after moving down two rounds ago"),
    "C17": _("nobody moves up again after moving up two rounds ago"),
    "C18": _("those moving down twice have lower scores"),
    "C19": _("those moving up twice have lower scores"),
    "C20": _("those moving down again have lower scores"),
    "C21": _("those moving up again have lower scores"),
}


def _how(how: str) -> str:
    if how.startswith("exchange"):
        return gettext("some players were swapped between the top and bottom half of the group")
    if "transposition" in how:
        return gettext("the bottom half of the group was put in a different order")
    return gettext("the usual order was changed")


def _why(why: str) -> str:
    rule = re.match(r"C(\d+)", why)
    code = f"C{rule.group(1)}" if rule else ""
    detail = why.split(": ", 1)[1] if ": " in why else ""
    if code == "C1" and "already played" in why:
        players = detail.replace(" have already played each other", "")
        return gettext("%(players)s have already played each other") % {"players": players}
    if code == "C1":
        return gettext("two players who must be kept apart would have met")
    if code == "C3":
        return gettext("%(detail)s (they cannot both have it)") % {"detail": detail}
    if code == "C4":
        return gettext("otherwise some players in lower groups could not have been paired at all")
    if "better on" in why:
        better = re.search(r"better on (C\d+)", why)
        if better and better.group(1) in CRITERIA:
            return gettext("that way %(criterion)s") % {"criterion": CRITERIA[better.group(1)]}
    return gettext("the rules preferred it")


def plain_note(note: str) -> str:
    """One engine note in words a player understands; notes it does not recognise pass unchanged."""
    if "search budget reached" in note:
        return ""
    match = NOTE.match(note)
    if not match:
        return note
    score = (match.group("score") or match.group("old")).replace("0.5", "½").replace(".5", "½")
    how = _how(match.group("how"))
    if match.group("why"):
        return gettext("In the %(score)s-point group %(how)s, because %(why)s.") % {
            "score": score,
            "how": how,
            "why": _why(match.group("why")),
        }
    return gettext(
        "In the %(score)s-point group %(how)s: every way of pairing it was equally good, and this was the first."
    ) % {"score": score, "how": how}
