"""The staff login page with rate limiting (see ``accounts.ratelimit``).

Every attempt is counted before the password is checked; a locked-out attempt gets HTTP 429 and
the login page with a message saying why and for how long, whatever the password; the credentials
are not even checked.
"""

from __future__ import annotations

from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse

from accounts.ratelimit import LOCKED_MESSAGE, login_attempt, login_succeeded


class RateLimitedLoginView(LoginView):
    def _username(self) -> str:
        return str(self.request.POST.get("username", ""))[:150]

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not login_attempt(request, self._username()):
            form = self.get_form_class()(request, data=None)
            form.errors  # noqa: B018 - an unbound form has no errors; build the dict to add ours
            form._errors = {"__all__": form.error_class([LOCKED_MESSAGE])}
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):  # type: ignore[no-untyped-def]
        login_succeeded(self.request, self._username())
        return super().form_valid(form)
