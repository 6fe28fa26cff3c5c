"""``manage.py`` commands: file exchange (TRF, JSON, CSV) and the demo data."""
