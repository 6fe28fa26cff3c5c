"""Reading and writing FIDE Tournament Report Files (TRF-2016, TRF-2026 and the JaVaFo extensions).

``model`` holds the records the reader and the writer share, ``read`` the reader, ``write`` the
writer; the public names are re-exported here.

The reader takes the fixed-column layout of C.04 Annex 2 (TRF-2016) and of TRF-2026 (records 142, 152,
162, 192, 202, 240, 250 and 260), the JaVaFo "TRF(x)" records ``XXR``, ``XXC``, ``XXA``, ``XXS``,
``XXP`` and ``XXZ``, and bbpPairings' point records ``BBW BBD BBL BBZ BBF BBU``. Lines may end with CR
(the standard), LF or CRLF. A file that cannot be read raises :class:`~pairing.engine.errors.TrfError`
naming the 1-based line and column; nothing else escapes the reader.

Decisions worth knowing (they follow bbpPairings, the engine the reference corpus was paired with):

* Scores are computed from the round records with the tournament's :class:`Scoring`; the points
  column (81-84) is kept for information and written back unchanged, never trusted.
* ``XXS`` (JaVaFo's point system) *is* applied, unlike bbpPairings, which ignores it: a file that
  carries it means it. Records ``162`` and ``BB*`` come later in precedence, so a file written
  for both programs reads the same. Colour-dependent values (``WW`` different from ``BW``) are
  refused because no FIDE system uses them.
* The round to pair is the one after the last round in which anybody was paired (a game, a
  forfeit or a pairing-allocated bye). Entries in that round's column that are absences known
  before pairing (``0000 - Z``, ``H``, ``F``, or a blank result) make the participant unavailable
  for it and are *not* part of their history, as bbpPairings reads such files and as
  ``replay_corpus.py`` writes them.
* ``XXZ`` lists participants absent in the round to be paired; it is read as ``240 Z`` byes for
  that round.
* ``0000 - -`` (a forfeit loss without an opponent) is read as a zero-point bye; ``0000 - =`` as a
  half-point bye, which is how bbpPairings scores them.
"""

from __future__ import annotations

from .model import (
    ForbiddenGroup,
    TrfBye,
    TrfPlayer,
    TrfTournament,
    expelled_comment,
    long_tournament_comments,
    trf_from_request,
    unrated_rating_comment,
)
from .read import decode_trf, parse_trf
from .write import write_trf

__all__ = [
    "ForbiddenGroup",
    "TrfBye",
    "TrfPlayer",
    "TrfTournament",
    "decode_trf",
    "expelled_comment",
    "long_tournament_comments",
    "parse_trf",
    "trf_from_request",
    "unrated_rating_comment",
    "write_trf",
]
