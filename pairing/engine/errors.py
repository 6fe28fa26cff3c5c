"""Errors raised by the pairing engine."""

from __future__ import annotations


class PairingError(ValueError):
    """Base class of every error the engine raises on purpose."""


class InvalidRequestError(PairingError):
    """The request contradicts itself (unknown opponent, wrong history length, duplicate TPN...)."""


class NoValidPairingError(PairingError):
    """No pairing satisfies the absolute criteria C1-C3 with completion C4 (Dutch 1.9.3)."""


class TrfError(PairingError):
    """A TRF file could not be read; names the 1-based line and column."""

    def __init__(self, message: str, line: int, column: int = 1) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line = line
        self.column = column
        self.reason = message


class AccelerationNotApplicableError(PairingError):
    """Baku acceleration needs a point system where a win is worth two draws and a loss nothing (C.04.7 1.1)."""
