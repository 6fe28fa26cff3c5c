"""TRF import: a tournament paired elsewhere becomes a tournament here, or nothing is saved."""

from __future__ import annotations

import pytest

from tests.corpus import CORPUS_SAMPLE
from tournaments.exchange.trf_export import trf_export
from tournaments.exchange.trf_import import TrfImportError, trf_import
from tournaments.models import Board, ForbiddenPair, Participant, Round, RoundBye, Tournament, TournamentRole

CORPUS = CORPUS_SAMPLE


def line(pid: int, name: str, rating: int, *entries: str) -> str:
    head = f"001 {pid:>4} {'':1}{'':>3} {name:<33} {rating:>4} {'':3} {'':>11} {'':10} {'0.0':>4} {pid:>4}"
    return (head + "".join(f"  {e}" for e in entries)).rstrip()


SMALL = "\n".join(
    [
        "012 Small Open",
        "022 Springfield",
        "042 2026/05/01",
        "142 3",
        "152 B",
        line(1, "Alpha, Ann", 2100, "   2 b 1", "   3 w -"),
        line(2, "Beta, Bob", 2000, "   1 w 0", "0000 - U"),
        line(3, "Gamma, Gus", 1900, "0000 - H", "   1 b +"),
    ]
)


def test_it_creates_the_tournament_players_rounds_results_and_byes(db, organiser):
    t = trf_import(text=SMALL, owner=organiser).tournament
    assert (t.name, t.place, str(t.start_date), t.rounds_planned, t.initial_colour) == (
        "Small Open",
        "Springfield",
        "2026-05-01",
        3,
        "b",
    )
    assert t.status == Tournament.Status.RUNNING
    assert TournamentRole.objects.filter(tournament=t, user=organiser, role="organiser").exists()
    assert list(t.participants.values_list("pairing_number", "name", "rating")) == [
        (1, "Alpha, Ann", 2100),
        (2, "Beta, Bob", 2000),
        (3, "Gamma, Gus", 1900),
    ]
    assert list(t.rounds.values_list("number", "status")) == [(1, "finished"), (2, "finished")]
    boards = Board.objects.filter(round__tournament=t).order_by("round__number")
    assert [(b.round.number, b.white.pairing_number, b.black.pairing_number, b.result) for b in boards] == [
        (1, 2, 1, "0-1"),
        (2, 1, 3, "-/+"),
    ]
    byes = RoundBye.objects.filter(tournament=t).order_by("round_number")
    assert [(b.round_number, b.participant.pairing_number, b.kind, b.points) for b in byes] == [
        (1, 3, "half", 1),
        (2, 2, "pab", 2),
    ]


def test_the_import_exports_back_to_the_same_records(db, organiser):
    t = trf_import(text=SMALL, owner=organiser).tournament
    exported = {ln[4:8]: ln[91:] for ln in trf_export(tournament=t).split("\r") if ln.startswith("001")}
    assert exported["   1"] == "   2 b 1     3 w -"
    assert exported["   3"] == "0000 - H     1 b +"


def test_a_malformed_line_names_line_and_column_and_saves_nothing(db, organiser):
    bad = SMALL.replace("   2 b 1", "   2 x 1")
    with pytest.raises(TrfImportError) as caught:
        trf_import(text=bad, owner=organiser)
    assert (caught.value.line, caught.value.column) == (6, 97)
    assert "line 6, column 97" in caught.value.message
    assert Tournament.objects.count() == 0
    assert Participant.objects.count() == 0


def test_a_forfeit_that_the_opponent_does_not_confirm_is_refused(db, organiser):
    bad = SMALL.replace("   1 b +", "0000 - Z")
    with pytest.raises(TrfImportError) as caught:
        trf_import(text=bad, owner=organiser)
    assert caught.value.line == 6
    assert caught.value.column == 102
    assert "does not name 1" in caught.value.message
    assert Tournament.objects.count() == 0


def test_results_that_do_not_make_one_game_are_refused(db, organiser):
    bad = SMALL.replace("   3 w -", "   3 w +")
    with pytest.raises(TrfImportError, match="do not make one game result"):
        trf_import(text=bad, owner=organiser)
    assert Tournament.objects.count() == 0


def test_two_pairing_allocated_byes_in_one_round_are_refused(db, organiser):
    bad = (
        SMALL.replace("0000 - H", "0000 - U").replace("   2 b 1", "0000 - U").replace("   1 w 0", "0000 - Z")
    )
    with pytest.raises(TrfImportError, match="second pairing-allocated bye"):
        trf_import(text=bad, owner=organiser)
    assert Tournament.objects.count() == 0


def test_a_file_without_players_is_refused(db, organiser):
    with pytest.raises(TrfImportError, match="no player records"):
        trf_import(text="012 Empty\n", owner=organiser)


def test_a_failure_while_writing_rolls_everything_back(db, organiser, monkeypatch):
    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(RoundBye.objects, "bulk_create", explode)
    with pytest.raises(RuntimeError):
        trf_import(text=SMALL, owner=organiser)
    assert Tournament.objects.count() == 0
    assert Round.objects.count() == 0


def test_it_imports_a_reference_tournament_with_its_scores(db, organiser):
    path = next(iter(sorted((CORPUS / "dutch").glob("dutch_1*p_5r_*.trf"))))
    text = path.read_text()
    t = trf_import(text=text, owner=organiser).tournament
    points = {int(ln[4:8]): ln[80:84] for ln in text.splitlines() if ln.startswith("001")}
    exported = {
        int(ln[4:8]): ln[80:84] for ln in trf_export(tournament=t).split("\r") if ln.startswith("001")
    }
    assert exported == points
    assert t.rounds.count() == 5
    assert t.status == Tournament.Status.FINISHED


def test_a_baku_file_becomes_a_baku_tournament(db, organiser):
    path = next(iter(sorted((CORPUS / "baku").glob("*.trf"))))
    t = trf_import(text=path.read_text(), owner=organiser).tournament
    assert t.acceleration == Tournament.Acceleration.BAKU
    assert t.baku_last_ga is not None


def test_settings_this_program_cannot_run_are_refused(db, organiser):
    """Baku needs a win worth two draws (C.04.7 1.1); a 3/1/0 file with acceleration is refused."""
    bad = SMALL.replace("142 3", "142 3\n162  W 3.0    D 1.0\n192 FIDE_DUTCH_BAKU")
    with pytest.raises(TrfImportError, match="Baku acceleration needs") as caught:
        trf_import(text=bad, owner=organiser)
    assert caught.value.line == 5  # the point system record
    assert Tournament.objects.count() == 0


def test_a_round_robin_file_gets_round_robin_tiebreaks(db, organiser):
    text = SMALL.replace("142 3", "142 3\n192 FIDE_ROUNDROBIN\n202 BH/C1,BH")
    t = trf_import(text=text, owner=organiser).tournament
    assert t.format == Tournament.Format.ROUND_ROBIN
    assert "BH" not in t.tiebreak_codes


def test_what_cannot_be_kept_is_reported(db, organiser):
    text = SMALL.replace("   2 b 1", "   2 b W").replace("   1 w 0", "   1 w L") + "\n260   1   3    1    3"
    imported = trf_import(text=text, owner=organiser)
    t = imported.tournament
    assert len(imported.warnings) == 1
    assert "less than one move" in imported.warnings[0]
    assert Board.objects.get(round__tournament=t, round__number=1).result == "0-1"
    # The forbidden pair is kept (for all three rounds), not reported.
    pair = ForbiddenPair.objects.get(tournament=t)
    assert {pair.first.pairing_number, pair.second.pairing_number} == {1, 3}
    assert (pair.first_round, pair.last_round) == (None, None)


def test_a_plain_file_has_no_warnings(db, organiser):
    assert trf_import(text=SMALL, owner=organiser).warnings == ()


@pytest.mark.parametrize("bad", ["\x00", "\ud800"])
def test_text_no_database_can_store_is_refused_with_its_place(db, organiser, bad):
    text = SMALL.replace("Gamma, Gus", f"Gam{bad}a, Gus")
    with pytest.raises(TrfImportError) as caught:
        trf_import(text=text, owner=organiser)
    assert (caught.value.line, caught.value.column) == (8, 18)
    assert Tournament.objects.count() == 0


def test_a_full_point_bye_is_kept_with_a_warning_and_a_hash_line(db, organiser):
    """FIDE's endorsement checklist (177-179): full-point byes are deprecated; an imported one is
    kept, the import says so, and every export lists it in a ### line."""
    text = SMALL.replace(
        line(3, "Gamma, Gus", 1900, "0000 - H", "   1 b +"),
        line(3, "Gamma, Gus", 1900, "0000 - F", "   1 b +"),
    )
    imported = trf_import(text=text, owner=organiser)
    assert any("full-point bye" in w and "Gamma, Gus" in w and "Round 1" in w for w in imported.warnings)
    bye = RoundBye.objects.get(tournament=imported.tournament, participant__name="Gamma, Gus")
    assert bye.kind == RoundBye.Kind.FULL_POINT
    assert "### Full-point bye (deprecated by FIDE): round 1: 3 Gamma, Gus" in trf_export(
        tournament=imported.tournament
    )
    assert not any("full-point" in w for w in trf_import(text=SMALL, owner=organiser).warnings)
