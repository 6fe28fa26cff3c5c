"""Whatever bytes it is given, the TRF reader either reads them or raises TrfError naming a place."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine.errors import PairingError, TrfError
from pairing.engine.trf import decode_trf, parse_trf, write_trf

DATA = Path(__file__).parent / "data" / "trf"
SAMPLES = [decode_trf(p.read_bytes()) for p in sorted(DATA.glob("*.trf"))]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TRF_ALPHABET = "0123456789 wbWB-=+10HFUZXLDA.\r\n#CRSPab"


def read_everything(text: str) -> None:
    """Parse, then use what was read: only the engine's own errors may come out."""
    try:
        t = parse_trf(text)
    except TrfError as error:
        assert error.line >= 1 and error.column >= 1
        assert str(error).startswith(f"line {error.line}, column {error.column}: ")
        return
    for version in ("2016", "2026"):
        try:
            write_trf(t, version=version)
        except PairingError:
            pass
    for round_number in (None, 1):
        try:
            t.to_request(round_number)
        except PairingError:
            pass


@SETTINGS
@given(st.binary(max_size=600))
def test_random_bytes(data: bytes) -> None:
    read_everything(decode_trf(data))


@SETTINGS
@given(st.text(alphabet=TRF_ALPHABET, max_size=400))
def test_random_text_from_trf_characters(text: str) -> None:
    read_everything("001    1" + text)


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(SAMPLES))
    lines = text.replace("\r", "\n").split("\n")
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        line = lines[index]
        position = draw(st.integers(0, len(line)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "truncate", "duplicate", "drop"]))
        char = draw(st.sampled_from(TRF_ALPHABET + "\t\x00éx"))
        if kind == "replace" and line:
            position = min(position, len(line) - 1)
            lines[index] = line[:position] + char + line[position + 1 :]
        elif kind == "insert":
            lines[index] = line[:position] + char + line[position:]
        elif kind == "delete":
            lines[index] = line[:position] + line[position + 1 :]
        elif kind == "truncate":
            lines[index] = line[:position]
        elif kind == "duplicate":
            lines.insert(index, line)
        elif kind == "drop":
            del lines[index]
            if not lines:
                lines = [""]
    return "\n".join(lines)


@SETTINGS
@given(mutated())
def test_mutated_files(text: str) -> None:
    read_everything(text)
