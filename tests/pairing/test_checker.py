"""The tournament checker (``--check``): planted errors are caught, named by round, pair or player and article."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest

from pairing.engine import cli
from pairing.engine.checker import check_tournament, recorded_pairing, tiebreak_codes
from pairing.engine.generator import GeneratorConfig, generate
from pairing.engine.trf import TrfTournament, decode_trf, parse_trf, write_trf
from pairing.engine.types import ResultCode, RoundRecord

DATA = Path(__file__).parent / "data" / "trf"
SMALL = DATA / "dutch_10p_5r_s2096248432.trf"
"""A tournament bbpPairings paired, without tie-breaks."""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def _set(t: TrfTournament, pid: int, rnd: int, record: RoundRecord) -> TrfTournament:
    return replace(
        t,
        players=tuple(
            replace(p, records=p.records[: rnd - 1] + (record,) + p.records[rnd:]) if p.id == pid else p
            for p in t.players
        ),
    )


@pytest.fixture(scope="module")
def tournament() -> TrfTournament:
    """Twelve players, five rounds, tie-breaks listed, no byes or forfeits: every round is checkable."""
    config = GeneratorConfig(
        players=12,
        rounds=5,
        half_byes="0",
        full_byes="0",
        zero_byes="0",
        forfeits=0,
        double_forfeits=0,
        unusual=0,
        retired_rate=0,
        unrated_share=0,
        baku=False,
        tiebreaks="BH/C1,BH,SB",
    )
    return parse_trf(write_trf(generate(config, 11)))


def test_a_correct_file_passes(tournament: TrfTournament) -> None:
    report = check_tournament(tournament)
    assert report.ok and report.rounds == report.rounds_ok == 5
    assert report.standings_checked and report.tiebreaks == ("BH-C1", "BH", "SB")


def test_a_bbp_file_passes_with_its_colour_lot_inferred() -> None:
    t = parse_trf(decode_trf(SMALL.read_bytes()))
    report = check_tournament(replace(t, initial_colour=None))
    assert report.ok and report.rounds == 5 and not report.standings_checked


def _swap_colours(t: TrfTournament, rnd: int, pid: int) -> tuple[TrfTournament, int]:
    mine = t.player(pid).records[rnd - 1]
    assert mine.opponent is not None and mine.colour is not None
    theirs = t.player(mine.opponent).records[rnd - 1]
    t = _set(t, pid, rnd, replace(mine, colour=mine.colour.opposite))
    t = _set(t, mine.opponent, rnd, replace(theirs, colour=theirs.colour.opposite))  # type: ignore[union-attr]
    return t, mine.opponent


def test_a_wrong_colour_is_named_with_round_pair_and_article(tournament: TrfTournament) -> None:
    bad, opponent = _swap_colours(tournament, 2, 1)
    report = check_tournament(bad, rounds=[2])
    colour = [f for f in report.findings if f.kind == "colour"]
    assert len(colour) == 1
    finding = colour[0]
    assert finding.round == 2 and "1" in finding.subject and str(opponent) in finding.subject
    assert "C.04.3 Art. 5.2" in finding.article
    assert str(finding).startswith("round 2: pair ")


def test_a_wrong_pair_is_named_with_round_pair_and_article(tournament: TrfTournament) -> None:
    """Round 3: players 1 and 2 exchange their opponents (same colours kept)."""
    r1, r2 = tournament.player(1).records[2], tournament.player(2).records[2]
    assert r1.opponent not in (None, 2) and r2.opponent not in (None, 1)
    a, b = r1.opponent, r2.opponent
    bad = _set(tournament, 1, 3, replace(r1, opponent=b))
    bad = _set(bad, 2, 3, replace(r2, opponent=a))
    ra, rb = tournament.player(a).records[2], tournament.player(b).records[2]
    bad = _set(bad, a, 3, replace(ra, opponent=2))
    bad = _set(bad, b, 3, replace(rb, opponent=1))
    report = check_tournament(bad, rounds=[3], standings=False)
    assert not report.ok
    pairs = [f for f in report.findings if f.kind in ("pairing", "absolute") and f.round == 3]
    assert pairs, report.findings
    assert any("pair" in f.subject and ("1" in f.subject or "2" in f.subject) for f in pairs)
    assert all(f.article.startswith("C.04") for f in pairs)


def test_a_rematch_breaks_an_absolute_criterion(tournament: TrfTournament) -> None:
    """Round 4 replays round 1's game of player 1: C1 / Basic Rule 2."""
    first = tournament.player(1).records[0].opponent
    fourth = tournament.player(1).records[3].opponent
    assert first is not None and fourth is not None and first != fourth
    third_party = tournament.player(first).records[3].opponent
    assert third_party is not None
    bad = tournament
    for x, y in ((1, first), (fourth, third_party)):
        rx = bad.player(x).records[3]
        colour = rx.colour
        bad = _set(bad, x, 4, RoundRecord(ResultCode.DRAW, y, colour))
        bad = _set(bad, y, 4, RoundRecord(ResultCode.DRAW, x, colour.opposite))  # type: ignore[union-attr]
    report = check_tournament(bad, rounds=[4], standings=False)
    rematch = [f for f in report.findings if f.kind == "absolute" and "[C1]" in f.article]
    assert rematch and rematch[0].round == 4 and rematch[0].subject == f"pair {min(1, first)}-{max(1, first)}"


def test_a_wrong_standing_is_named_with_player_and_article(tournament: TrfTournament) -> None:
    first = next(p for p in tournament.players if p.rank == 1)
    last = max(tournament.players, key=lambda p: p.rank or 0)
    swapped = tuple(
        replace(p, rank=last.rank) if p.id == first.id else replace(p, rank=1) if p.id == last.id else p
        for p in tournament.players
    )
    report = check_tournament(replace(tournament, players=swapped))
    wrong = [f for f in report.findings if f.kind == "standings"]
    assert {f.subject for f in wrong} == {f"player {first.id}", f"player {last.id}"}
    assert all(f.round is None and f.article.startswith("C.07 Art. 4.2") for f in wrong)
    assert str(wrong[0]).startswith("standings: player ")


def test_a_wrong_bye_is_named(tournament: TrfTournament) -> None:
    config = GeneratorConfig(
        players=11,
        rounds=4,
        half_byes="0",
        full_byes="0",
        zero_byes="0",
        forfeits=0,
        double_forfeits=0,
        unusual=0,
        retired_rate=0,
        unrated_share=0,
        baku=False,
        tiebreaks="none",
    )
    t = generate(config, 5)
    rnd = 2
    bye = recorded_pairing(t, rnd).bye
    assert bye is not None
    # Give the bye to the other player of the last board instead; the bye's holder plays there.
    board = recorded_pairing(t, rnd).boards[-1]
    bad = _set(t, board.black, rnd, RoundRecord(ResultCode.PAB))
    bad = _set(
        bad,
        bye,
        rnd,
        RoundRecord(ResultCode.LOSS, board.white, t.player(board.black).records[rnd - 1].colour),
    )
    bad = _set(bad, board.white, rnd, replace(t.player(board.white).records[rnd - 1], opponent=bye))
    report = check_tournament(bad, rounds=[rnd], standings=False)
    byes = [f for f in report.findings if f.subject == "bye"]
    assert len(byes) == 1 and byes[0].round == rnd and "[C5]" in byes[0].article
    assert f"bye to {board.black}, the rules to {bye}" in byes[0].message


def test_tiebreak_records_212_before_202() -> None:
    t = TrfTournament(tiebreaks="BH:C1 SB", other_records=("212 PTS,BH/C1,BH",))
    assert tiebreak_codes(t) == (["BH-C1", "BH"], "212")
    assert tiebreak_codes(TrfTournament(tiebreaks="BH:C1 SB")) == (["BH-C1", "SB"], "202")
    assert tiebreak_codes(TrfTournament()) is None


def test_an_unknown_tiebreak_is_a_note_not_a_failure(tournament: TrfTournament) -> None:
    t = replace(tournament, other_records=("212 PTS,XYZ",))
    report = check_tournament(t)
    assert report.ok and not report.standings_checked and "XYZ" in report.notes[0]


def test_cli_check_batch_exit_codes(tmp_path: Path, tournament: TrfTournament) -> None:
    good = tmp_path / "good.trf"
    good.write_text(write_trf(tournament), newline="")
    bad_t, _ = _swap_colours(tournament, 2, 1)
    bad = tmp_path / "bad.trf"
    bad.write_text(write_trf(bad_t), newline="")
    broken = tmp_path / "broken.trf"
    broken.write_text("001 xx\n")
    status, out, _ = run("--check", str(good))
    assert status == 0 and out.endswith(
        f"{good}: ok: 5/5 rounds as the rules give; standings (BH-C1,BH,SB): ok\n"
    )
    status, out, _ = run("--check", str(good), str(bad))
    assert status == 1 and f"{bad}: round 2: pair " in out and f"{bad}: FAILED" in out
    status, out, err = run("--check", str(bad), str(broken), str(good))
    assert status == 2 and f"{broken}: unreadable" in out and f"{good}: ok" in out and str(broken) in err
    listing = tmp_path / "list.txt"
    listing.write_text(f"{good}\n{good}\n")
    status, out, _ = run("--check", f"@{listing}")
    assert status == 0 and out.count(": ok:") == 2


def test_dash_c_still_works() -> None:
    status, out, _ = run("--dutch", str(SMALL), "-c")
    assert status == 0 and out == "5/5 rounds identical\n"


def test_tiebreaks_accept_unusual_results(tournament: TrfTournament) -> None:
    """½-0 and 0-0 (an arbiter's decision) are games the standings take: each side keeps its own result."""
    r = tournament.player(1).records[0]
    assert r.opponent is not None
    t = _set(tournament, 1, 1, replace(r, result=ResultCode.DRAW))
    t = _set(t, r.opponent, 1, replace(t.player(r.opponent).records[0], result=ResultCode.LOSS))
    report = check_tournament(t, rounds=[1])
    assert report.rounds == 1  # read and ranked; ranks may now differ, which is a finding, not an error
