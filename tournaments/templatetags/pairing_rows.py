"""``{% pairing_rows pairing player_prefix %}``: the rows of a public pairing list, by board.

Written in Python rather than as a template loop because the public pairings are rebuilt after
every result entered: a 1,000-player round's 500 rows cost about 120 ms of CPU through the
template language (each variable resolved, localised and escaped on its own), this markup a
tenth of that. The markup is the one the loop wrote: the board number, each player linked to
their page with the namesake label (``tournaments.namesakes``), the score before the round,
Baku's virtual points, the rating, the score the pairing used when a result was corrected since
("paired on"), and the result ("–" while the game is on). Every value from
the database goes through ``conditional_escape``.
"""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.templatetags.namesakes import namesake

register = template.Library()

_PAIRED_ON_TITLE = gettext_lazy("The score this round was paired on, before a result was corrected")
_VIRTUAL_TITLE = gettext_lazy(
    "Baku acceleration: virtual points that count for this pairing only, never in the standings"
)
_SCORE_TITLE = gettext_lazy("Score before the round")


def _side(side, colour: str, prefix: str, labels: dict[int, str]) -> str:
    person = side.participant
    cell = [
        f'<td class="player {colour}"><a href="{prefix}{person.id}/">{conditional_escape(person.name)}</a>',
        namesake(labels, person.id),
        f' <span class="score" title="{conditional_escape(_SCORE_TITLE)}">{conditional_escape(side.score_before)}</span>',
        f'<span class="vp" title="{conditional_escape(_VIRTUAL_TITLE)}">+{conditional_escape(side.virtual)}</span>'
        if side.virtual
        else "",
        f' <span class="rating muted">{int(person.rating)}</span>' if person.rating else "",
        # A result of an earlier round corrected after this round was paired: the score it used.
        f' <small class="paired-on muted" title="{conditional_escape(_PAIRED_ON_TITLE)}">'
        f"({conditional_escape(_('paired on %(score)s') % {'score': side.paired_on})})</small>"
        if side.paired_on
        else "",
        "</td>",
    ]
    return "".join(cell)


@register.simple_tag
def pairing_rows(pairing, player_prefix: str) -> SafeString:
    prefix = conditional_escape(player_prefix)
    labels = pairing.tell_apart or {}
    rows = [
        f'<tr id="board-{int(row.board)}">\n'
        f'        <td class="bd num">{int(row.board)}</td>\n'
        f"        {_side(row.white, 'white', prefix, labels)}\n"
        f'        <td class="res">{conditional_escape(row.result or "–")}</td>\n'
        f"        {_side(row.black, 'black', prefix, labels)}\n"
        "      </tr>"
        for row in pairing.rows
    ]
    return mark_safe("\n".join(rows))  # noqa: S308 (every value above is escaped)
