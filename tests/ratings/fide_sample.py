"""Lines in FIDE's combined players-list layout, built column by column for the tests.

Widths are typed here from the published header, not taken from ``ratings.fide_list``, so a
wrong column in the parser shows up as a failing test.
"""

from __future__ import annotations

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def line(
    fide_id: object,
    name: str,
    fed: str = "NED",
    sex: str = "M",
    tit: str = "",
    wtit: str = "",
    otit: str = "",
    foa: str = "",
    srtng: object = "",
    sgm: object = "",
    sk: object = "",
    rrtng: object = "",
    rgm: object = "",
    rk: object = "",
    brtng: object = "",
    bgm: object = "",
    bk: object = "",
    bday: object = "",
    flag: str = "",
) -> str:
    parts = [
        (fide_id, 15),
        (name, 61),
        (fed, 4),
        (sex, 4),
        (tit, 5),
        (wtit, 5),
        (otit, 15),
        (foa, 4),
        (srtng, 6),
        (sgm, 4),
        (sk, 3),
        (rrtng, 6),
        (rgm, 4),
        (rk, 3),
        (brtng, 6),
        (bgm, 4),
        (bk, 3),
        (bday, 6),
        (flag, 4),
    ]
    return "".join(str(value).ljust(width) for value, width in parts)
