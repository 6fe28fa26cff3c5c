"""Accounts: personal API tokens (named, hashed, expiring, revoked on password change) and the
password change and reset pages that revoke them."""
