"""Writes about who plays: registration (one by one, from the roster or the FIDE list, by CSV),
corrections, pairing numbers, withdrawals, byes and absences, and pairs kept apart."""
