"""The FIDE combined players-list reader: columns, encodings and the lines it must survive."""

from __future__ import annotations

from ratings.fide_list import BadLine, FideRecord, parse_line, read_records
from tests.ratings.fide_sample import HEADER, line

CARLSEN = line(
    1503014, "Carlsen, Magnus", "NOR", "M", "GM", "", "", "", 2831, 10, 10, 2823, 0, 10, 2886, 0, 10, 1990
)


def _records(text_lines: list[str], encoding: str = "utf-8") -> list[FideRecord | BadLine]:
    return list(read_records(f"{t}\n".encode(encoding) for t in text_lines))


def test_it_reads_every_column_of_a_full_line():
    rec = parse_line(CARLSEN.encode(), 2)
    assert rec == FideRecord(
        fide_id=1503014,
        name="Carlsen, Magnus",
        federation="NOR",
        sex="M",
        title="GM",
        women_title="",
        other_titles="",
        foa_title="",
        standard_rating=2831,
        standard_games=10,
        standard_k=10,
        rapid_rating=2823,
        rapid_games=0,
        rapid_k=10,
        blitz_rating=2886,
        blitz_games=0,
        blitz_k=10,
        birth_year=1990,
        flag="",
    )


def test_it_reads_women_and_other_titles_and_flags():
    text = line(
        13708694, "Example, Anna", "POL", "F", "IM", "WGM", "FA,IO", "AIM", 2400, bday=1995, flag="wi"
    )
    rec = parse_line(text.encode(), 5)
    assert isinstance(rec, FideRecord)
    assert (rec.title, rec.women_title, rec.other_titles, rec.foa_title, rec.flag) == (
        "IM",
        "WGM",
        "FA,IO",
        "AIM",
        "wi",
    )
    assert rec.sex == "F" and rec.birth_year == 1995 and rec.rapid_rating is None


def test_it_skips_the_header_and_blank_lines():
    assert _records([HEADER, CARLSEN, "", "   "]) == [parse_line(CARLSEN.encode(), 2)]


def test_a_short_line_keeps_what_it_has():
    rec = parse_line(CARLSEN[:120].encode(), 2)
    assert isinstance(rec, FideRecord)
    assert rec.standard_rating == 2831 and rec.rapid_rating is None and rec.birth_year is None


def test_a_line_with_only_id_and_name_is_accepted():
    rec = parse_line(b"4100018        Nobody, Known", 3)
    assert isinstance(rec, FideRecord) and rec.name == "Nobody, Known" and rec.federation == ""


def test_bad_lines_are_reported_with_their_number_and_the_reader_goes_on():
    items = _records(
        [
            HEADER,
            "garbage",
            line("ABC", "Letters, Id"),
            line(123, "Bad, Rating", srtng="2x00"),
            line(124, "Bad, Fed", fed="N1D"),
            line(125, ""),
            CARLSEN,
        ]
    )
    bad = [i for i in items if isinstance(i, BadLine)]
    assert [b.line_number for b in bad] == [2, 3, 4, 5, 6]
    assert (
        "too short" in bad[0].reason
        and "not a number" in bad[1].reason
        and "standard_rating" in bad[2].reason
    )
    assert isinstance(items[-1], FideRecord) and items[-1].fide_id == 1503014


def test_it_reads_latin_1_names():
    (rec,) = _records([line(1000001, "Ólafsson, Friðrik", "ISL", srtng=2400)], encoding="latin-1")
    assert isinstance(rec, FideRecord) and rec.name == "Ólafsson, Friðrik" and rec.standard_rating == 2400


def test_it_reads_utf_8_names_padded_in_characters():
    (rec,) = _records([line(1000002, "Łukasz, Żółć", "POL", srtng=2100, bday=1980)])
    assert isinstance(rec, FideRecord)
    assert (rec.name, rec.federation, rec.standard_rating, rec.birth_year) == (
        "Łukasz, Żółć",
        "POL",
        2100,
        1980,
    )


def test_it_reads_utf_8_names_padded_in_bytes():
    name = "Müller, Jörg"
    padded = line(1000003, "X" * len(name.encode()), "GER", srtng=2000, bday=1970).replace(
        "X" * len(name.encode()), name, 1
    )
    (rec,) = _records([padded])
    assert isinstance(rec, FideRecord)
    assert (rec.name, rec.federation, rec.standard_rating, rec.birth_year) == (name, "GER", 2000, 1970)


def test_old_single_letter_title_codes_are_spelled_out():
    rec = parse_line(line(1000004, "Old, Code", tit="g", wtit="wg").encode(), 2)
    assert isinstance(rec, FideRecord) and (rec.title, rec.women_title) == ("GM", "WGM")


def test_birth_year_zero_means_unknown():
    rec = parse_line(line(1000005, "No, Birthday", bday="0000").encode(), 2)
    assert isinstance(rec, FideRecord) and rec.birth_year is None


def test_windows_line_endings_are_fine():
    (rec,) = list(read_records([CARLSEN.encode() + b"\r\n"]))
    assert isinstance(rec, FideRecord) and rec.birth_year == 1990
