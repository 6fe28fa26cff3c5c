"""Accounts: sign-up with email verification (``SIGNUP_MODE``), logging in by user name or email,
the profile page, personal API tokens (named, hashed, expiring, revoked on password change) and
the password change and reset pages that revoke them."""
