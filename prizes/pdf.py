"""The printable prize list and winners (A4, reportlab), drawn the way the public PDFs are
(tournaments.public.pdf: its fonts, page and table style), in the tournament's language."""

from __future__ import annotations

import io

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer

from prizes import selectors
from prizes.models import PrizeList
from tournaments.models import Event, Tournament
from tournaments.public.pdf import _cell, _document, _escape, _styles, _table


def in_language(tournament: Tournament | Event):  # type: ignore[no-untyped-def]
    """The PDF's language: the tournament's, whoever downloads it (the winners' words included);
    an event's list, the site's."""
    return translation.override(getattr(tournament, "language", "") or settings.LANGUAGE_CODE)


def winners_pdf(
    tournament: Tournament | Event, result: selectors.Winners | None, *, found: PrizeList | None = None
) -> bytes:
    """The winners group by group with the arithmetic of shared amounts and the total; without
    ``result`` (before the final standings), the prize list as players read it beforehand."""
    with in_language(tournament):
        return _draw(tournament, result, found)


def _draw(tournament: Tournament | Event, result: selectors.Winners | None, found: PrizeList | None) -> bytes:
    buffer = io.BytesIO()
    styles = _styles()
    if result is not None:
        title = _("%(name)s – prize winners") % {"name": tournament.name}
        if not result.final:
            title += " " + _("(provisional, after round %(number)s)") % {"number": result.through_round}
    else:
        title = _("%(name)s – prize list") % {"name": tournament.name}
    story: list = [Paragraph(_escape(title), styles["Title"])]
    if result is not None:
        for group in result.groups:
            story.append(Paragraph(_escape(group.group.name), styles["Heading3"]))
            story.append(Paragraph(_escape(group.who), styles["BodyText"]))
            data = [[_("Place"), _("Name"), _("Final place"), _("Pts"), _("Amount"), _("Object")]]
            for row in group.rows:
                data.append(
                    [
                        str(row.place),
                        _cell(row.name, styles),
                        str(row.standing),
                        row.points,
                        row.money + (" *" if row.shared else ""),
                        _cell(row.item, styles),
                    ]
                )
            story.append(_table(data, [14 * mm, 62 * mm, 20 * mm, 12 * mm, 30 * mm, 48 * mm]))
            for note in group.notes:
                story.append(Paragraph(_escape("* " + note), styles["BodyText"]))
            if group.vacant:
                places = ", ".join(str(p) for p in group.vacant)
                story.append(
                    Paragraph(
                        _escape(
                            ngettext(
                                "Not awarded (no one could take it): place %(places)s.",
                                "Not awarded (no one could take them): places %(places)s.",
                                len(group.vacant),
                            )
                            % {"places": places}
                        ),
                        styles["BodyText"],
                    )
                )
        story.append(Spacer(1, 4 * mm))
        story.append(
            Paragraph(_escape(_("Total paid: %(total)s") % {"total": result.total}), styles["Heading3"])
        )
    else:
        view = selectors.list_view(tournament, found) if found is not None else None
        for line in view.rules if view else []:
            story.append(Paragraph(_escape(line), styles["BodyText"]))
        for group in view.groups if view else []:
            story.append(Paragraph(_escape(group.group.name), styles["Heading3"]))
            story.append(Paragraph(_escape(group.who), styles["BodyText"]))
            data = [[_("Place"), _("Amount"), _("Object")]]
            data += [[str(p.place), p.money, _cell(p.item, styles)] for p in group.prizes]
            story.append(_table(data, [20 * mm, 40 * mm, 120 * mm]))
    _document(buffer, title).build(story)
    return buffer.getvalue()
