"""Replays a fixed sample of the reference corpus (paired by bbpPairings 6) through the Dutch engine.

Every round of every file below must come out identical: same pairs, same colours, same bye. The
sample spans forfeits (single and double), zero-point absences, half-point byes, 3/1/0 scoring,
odd fields and Baku acceleration (virtual points read from the files' ``XXA`` lines). The whole
corpus is replayed by ``scripts/replay_corpus_all.sh`` (``make corpus``); the files below are committed
under ``tests/pairing/data/corpus``.
"""

from __future__ import annotations

import pytest

from pairing.engine.cli import recorded_round
from pairing.engine.dutch import pair_round
from pairing.engine.trf import decode_trf, parse_trf
from tests.corpus import CORPUS_SAMPLE

CORPUS = CORPUS_SAMPLE

SAMPLE = [
    # plain, odd and even small fields
    "dutch/dutch_10p_5r_s107995174.trf",
    "dutch/dutch_11p_5r_s1264511661.trf",
    "dutch/dutch_23p_9r_s746725889.trf",
    "dutch/dutch_24p_13r_s1563760855.trf",
    "dutch/dutch_29p_10r_s104600983.trf",
    # forfeits, absences, half-point byes
    "dutch/dutch_20p_12r_s1047572751.trf",
    "dutch/dutch_11p_6r_s546721880.trf",
    "dutch/dutch_15p_4r_s202094519.trf",
    "dutch/dutch_10p_6r_s2074618328.trf",
    "dutch/dutch_12p_10r_s1475911536.trf",
    "dutch/dutch_23p_9r_s2138096459.trf",
    "dutch/dutch_24p_6r_s1112278754.trf",
    "dutch/dutch_28p_10r_s1469086937.trf",
    # 3/1/0 scoring
    "dutch/dutch_10p_5r_s879794831.trf",
    "dutch/dutch_12p_4r_s851271204.trf",
    # a larger field
    "dutch/dutch_62p_8r_s45271870.trf",
    # Baku acceleration
    "baku/baku_8p_5r_s1781148198.trf",
    "baku/baku_10p_8r_s1451886569.trf",
    "baku/baku_10p_9r_s1246303923.trf",
]


def _cases():
    for name in SAMPLE:
        yield pytest.param(name, id=name.split("/")[-1])


@pytest.mark.parametrize("name", list(_cases()))
def test_every_round_matches_the_reference(name: str) -> None:
    path = CORPUS / name
    tournament = parse_trf(decode_trf(path.read_bytes()))
    differing = []
    for rnd in range(1, tournament.played_rounds + 1):
        expected, expected_bye = recorded_round(tournament, rnd)
        if not expected and expected_bye is None:
            continue
        result = pair_round(tournament.to_request(rnd))
        got = {(b.white, b.black) for b in result.boards}
        if got != expected or result.bye != expected_bye:
            differing.append(
                f"round {rnd}: missing {sorted(expected - got)}, extra {sorted(got - expected)}, "
                f"bye {result.bye} (expected {expected_bye})"
            )
    assert not differing, f"{name}: " + "; ".join(differing)


HARD_ROUNDS = [
    # heavily constrained final rounds: equal failure vectors, the earlier candidate must win
    # (the search bounds subtrees exactly instead of running out of its node budget)
    ("dutch/dutch_97p_4r_s1071716566.trf", 4),
    ("dutch/dutch_133p_10r_s204913468.trf", 10),
    # C9 applies only to a bracket that downfloats exactly one player
    ("dutch/dutch_43p_12r_s1217413267.trf", 12),
    ("dutch/dutch_107p_9r_s697607669.trf", 9),
    # C8: the next bracket may leave a resident unpaired instead of a downfloater
    ("dutch/dutch_46p_13r_s815139773.trf", 11),
    # a bound on C8 is only valid for its own number of downfloaters
    ("dutch/dutch_29p_9r_s808134368.trf", 8),
    # one floater: the last 14 of a 245-player bracket had a downfloat last round (forfeit wins),
    # so C14 wants the floater above them; the bound must see who is still free to float
    ("dutch/dutch_678p_9r_s156752285.trf", 2),
    # exact bounds switched on late must also judge the MDP choices and exchanges already made
    ("dutch/dutch_211p_4r_s121772917.trf", 4),
    ("dutch/dutch_226p_4r_s1582553006.trf", 4),
    ("baku/baku_222p_4r_s878267263.trf", 4),
    # the sets of players who may float together bound the floaters (C4, C8)
    ("baku/baku_35p_10r_s1084774050.trf", 9),
    ("baku/baku_141p_9r_s1388670562.trf", 4),
]


@pytest.mark.parametrize(
    ("name", "rnd"), [pytest.param(n, r, id=f"{n.split('/')[-1]}-r{r}") for n, r in HARD_ROUNDS]
)
def test_hard_round_matches_the_reference(name: str, rnd: int) -> None:
    path = CORPUS / name
    tournament = parse_trf(decode_trf(path.read_bytes()))
    expected, expected_bye = recorded_round(tournament, rnd)
    result = pair_round(tournament.to_request(rnd))
    got = {(b.white, b.black) for b in result.boards}
    assert (sorted(got - expected), sorted(expected - got), result.bye) == ([], [], expected_bye)


def test_a_bracket_the_search_cannot_finish_is_still_paired_within_the_rules() -> None:
    """baku_35p_10r r9 with the node budget cut to 5 steps per bracket: C4 rejects every
    candidate the generation-order search reaches before its budget runs out. The round must
    still be paired breaking no absolute criterion (the independent checker finds nothing),
    with the completion-first candidate, and the explanation must say that the budget was
    reached."""
    from pairing.engine.checks import check_pairing
    from pairing.engine.dutch import SearchLimits

    path = CORPUS / "baku/baku_35p_10r_s1084774050.trf"
    request = parse_trf(decode_trf(path.read_bytes())).to_request(9)
    result = pair_round(request, SearchLimits(node_budget=5))
    assert len(result.boards) == 17 and result.bye is not None
    assert check_pairing(request, result) == []
    notes = result.explanation.notes
    assert any("search budget reached" in note for note in notes)
    assert any("completion-first candidate" in note for note in notes)
