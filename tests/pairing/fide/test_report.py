"""The rating report's readiness check on a small round robin: a complete file passes (also after a
TRF-2026 write and read), and each kind of gap or miscoding is named where it is."""

from __future__ import annotations

from dataclasses import replace

from pairing.engine.fide.report import rating_report_items
from pairing.engine.trf import TrfPlayer, TrfTournament, parse_trf, write_trf
from pairing.engine.types import Colour, ResultCode, RoundRecord

W, B = Colour.WHITE, Colour.BLACK
R = ResultCode


def rec(result, opponent=None, colour=None):
    return RoundRecord(result, opponent, colour)


def player(pid, name, fide_id, records, rank, **kw):
    base = dict(sex="m", rating=2000, federation="ENG", birth_date="1990/01/01", title="")
    base.update(kw)
    return TrfPlayer(id=pid, name=name, fide_id=fide_id, records=tuple(records), rank=rank, **base)


# 1 beats 4, draws 2 (forfeit win against 3 in round 3); 2 beats 3 and 4; 3 beats 4 in round 2 ...
PLAYERS = (
    player(
        1, "Adams, Ann", "400001", [rec(R.WIN, 4, W), rec(R.DRAW, 2, B), rec(R.FORFEIT_WIN, 3, W)], 1, sex="w"
    ),
    player(2, "Brown, Ben", "400002", [rec(R.WIN, 3, W), rec(R.DRAW, 1, W), rec(R.WIN, 4, B)], 2, title="f"),
    player(
        3,
        "Clark, Cat",
        "400003",
        [rec(R.LOSS, 2, B), rec(R.WIN, 4, W), rec(R.FORFEIT_LOSS, 1, B)],
        3,
        rating=0,
    ),
    player(4, "Dunn, Dan", "400004", [rec(R.LOSS, 1, B), rec(R.LOSS, 3, B), rec(R.LOSS, 2, W)], 4),
)
READY = TrfTournament(
    players=PLAYERS,
    total_rounds=3,
    name="Riverside Spring",
    city="Riverside",
    federation="ENG",
    start_date="2026/04/01",
    end_date="2026/04/03",
    players_count="4",
    rated_count="3",
    tournament_type="Round robin",
    chief_arbiter="IA Jane Doe 400100",
    time_control="90 min + 30 s",
    round_dates=("26/04/01", "26/04/02", "26/04/03"),
)


def test_a_complete_file_is_ready():
    assert rating_report_items(READY) == []


def test_it_is_still_ready_after_writing_and_reading_trf_2026():
    assert rating_report_items(parse_trf(write_trf(READY))) == []


def test_it_names_each_missing_header_record():
    bare = replace(READY, city="", chief_arbiter="", start_date="1.4.2026", total_rounds=None, round_dates=())
    found = {(i.where, i.message) for i in rating_report_items(bare)}
    assert ("header 022", "no city") in found
    assert ("header 102", "no chief arbiter (name and FIDE id)") in found
    assert ("header 042", "date '1.4.2026' is not YYYY/MM/DD") in found
    assert ("header 142", "no number of rounds") in found
    assert ("header 132", "0 round dates for 3 rounds") in found


def test_it_names_players_without_fide_id_federation_birth_date_or_a_valid_title():
    players = list(PLAYERS)
    players[2] = replace(players[2], fide_id="", federation="", birth_date="", title="GM", rank=None)
    items = rating_report_items(replace(READY, players=tuple(players)))
    assert [(i.where, i.message, i.blocking) for i in items] == [
        ("player 3", "no FIDE id: every player needs one to be rated", True),
        ("player 3", "no federation (three capital letters)", True),
        ("player 3", "no birth date (a year at least: YYYY/00/00)", False),
        ("player 3", "title 'GM' is not a TRF code (g m wg wm f wf c wc)", True),
        ("player 3", "no final rank (columns 86-89)", True),
    ]


def test_it_finds_a_forfeit_coded_as_a_played_game_and_other_miscoded_rounds():
    players = list(PLAYERS)
    # Round 3: 1 has a forfeit win but 3's line says a played loss: one of them is wrong, and a
    # played 0 would be rated (B.02 5.1).
    players[2] = replace(players[2], records=players[2].records[:2] + (rec(R.LOSS, 1, B),))
    # Round 1: 4 has white too; round 2 of 2: a half-point bye with an opponent.
    players[3] = replace(players[3], records=(rec(R.LOSS, 1, W),) + players[3].records[1:])
    items = [(i.where, i.message) for i in rating_report_items(replace(READY, players=tuple(players)))]
    assert ("player 1, round 3", "+ against 3, whose line says 0 against 1") in items
    assert ("player 3, round 3", "0 against 1, whose line says + against 3") in items
    assert ("player 1, round 1", "both players have the same colour against each other") in items
    bye = list(PLAYERS)
    bye[0] = replace(bye[0], records=bye[0].records[:2] + (rec(R.FULL_BYE, 3),))
    assert ("player 1, round 3", "a bye (F) with an opponent") in [
        (i.where, i.message) for i in rating_report_items(replace(READY, players=tuple(bye)))
    ]
