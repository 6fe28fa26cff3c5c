"""Services: every write to the tournaments domain goes through a function here.

Functions are named ``<entity>_<action>``, take keyword-only arguments, check the caller's rights
(``tournaments.permissions``), validate, write inside a transaction and record the change in the
audit log (``audit.audit_record``). They raise ``errors.ServiceError`` subclasses with a message
written for the arbiter; views turn them into page messages and the API into HTTP 400/403/409.
"""
