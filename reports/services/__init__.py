"""Writes of the reporting app, split like the tournaments services:

* ``links``: issue, revoke and e-mail players' personal reporting links (organisers);
* ``player``: a player reports, confirms or disputes the result of their own board;
* ``arbiter``: accept, accept every confirmed report, override; the auto-accept setting.

Every function checks the caller, writes in one transaction that locks the tournament row first
and then the board (the order ``result_record`` uses, so the two never deadlock), records the step
in the audit log, and raises ``core.errors.ServiceError`` subclasses with a message
for the person on the other side of the screen.
"""
