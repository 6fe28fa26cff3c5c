"""The pairing app's services: every write that pairs, re-pairs, edits or draws up rounds.

* :mod:`pairing.services.swiss`: a Swiss round's life (claim, the pairing task's body, publish,
  delete, pair again).
* :mod:`pairing.services.drafts`: changing a draft by hand (swap colours, exchange opponents),
  re-checked against the rules.
* :mod:`pairing.services.round_robin`: drawing up a round robin from the engine's Berger tables.

Reads of the database in the engine's terms live in :mod:`pairing.adapters`; the Celery task in
:mod:`pairing.tasks`.
"""

# Transitional: the adapters used to live in ``pairing/services.py``. Modules not yet moved to
# ``pairing.adapters`` keep importing them from here until they do; new code imports the adapters.
from pairing.adapters import (  # noqa: E402, F401
    baku_accelerations_for,
    baku_plan_for,
    ga_participant_ids,
    histories_for_tournament,
    last_complete_round,
    pairing_request_for_round,
    scoring_for,
    standings_for_tournament,
    virtual_points,
)


def virtual_points_schedule(tournament):  # type: ignore[no-untyped-def]  # noqa: ANN001, ANN201
    """Transitional (for the TRF export until it uses ``baku_accelerations_for``): the engine's
    per-round virtual points of a GA participant who played from round 1."""
    from pairing.engine.baku import virtual_points_by_round

    return list(virtual_points_by_round(tournament.rounds_planned, scoring_for(tournament)))
