"""The committed sample of the reference corpus: where it is and which files it holds.

``tests/pairing/data/corpus/{dutch,baku}/`` holds, unchanged, the files of ``../shared/corpus`` that
the tests replay (bbpPairings 6 reference tournaments), so that a clone with nothing next to it
runs every test. ``make corpus`` still replays the whole shared corpus.
"""

from __future__ import annotations

from pathlib import Path

CORPUS_SAMPLE = Path(__file__).resolve().parent / "pairing" / "data" / "corpus"
"""``dutch/`` and ``baku/`` folders, as in the shared corpus."""

REPLAY_TOOL = Path(__file__).resolve().parent / "pairing" / "data" / "tools" / "replay_corpus.py"
"""The shared corpus's replay tool (``../shared/tools/replay_corpus.py``, reformatted only)."""

ROUND_TRIP_SAMPLE = (
    # forfeits, absences and half-point byes
    "dutch/dutch_100p_10r_s936007427.trf",
    "dutch/dutch_120p_8r_s1383069290.trf",
    "dutch/dutch_180p_3r_s377359935.trf",
    "dutch/dutch_22p_7r_s866563102.trf",
    "dutch/dutch_283p_5r_s689572556.trf",
    "dutch/dutch_37p_9r_s592928910.trf",
    "dutch/dutch_58p_6r_s505854294.trf",
    "dutch/dutch_7p_3r_s999954885.trf",
    # 3/1/0 scoring
    "dutch/dutch_100p_4r_s190544363.trf",
    "dutch/dutch_100p_8r_s778661454.trf",
    # Baku
    "baku/baku_100p_11r_s655867314.trf",
    "baku/baku_286p_12r_s922080209.trf",
)
"""A varied sample for the TRF export/import round trip (chosen once from the whole corpus)."""
