from __future__ import annotations

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("tokens/", views.tokens, name="tokens"),
    path("tokens/<int:token_id>/revoke/", views.token_revoke, name="token_revoke"),
    path("tokens/legacy/revoke/", views.legacy_token_revoke, name="legacy_token_revoke"),
    path("signup/", views.signup, name="signup"),
    path("signup/done/", views.signup_done, name="signup_done"),
    path("verify/resend/", views.verify_resend, name="verify_resend"),
    path("verify/<uidb64>/<token>/", views.verify, name="verify"),
    path("profile/", views.profile, name="profile"),
    path("profile/email/cancel/", views.email_change_cancel, name="email_change_cancel"),
]
