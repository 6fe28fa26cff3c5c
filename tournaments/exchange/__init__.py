"""Files in and out of a tournament: TRF export and import, the JSON backup and restore, the CSV
exports. A layer above the pairing app: a TRF file's ranks and a CSV's standings come from the
one standings read model (``pairing.standings``), the histories from ``tournaments.records``."""
