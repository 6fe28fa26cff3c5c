"""Obtaining an API token, and the browsable API documentation.

The token endpoint takes a username and password and returns the user's token (created on first
use). Failed attempts are limited per username and per client address, like the login page
(``LOGIN_RATE_LIMIT`` failures in 15 minutes, counted together with the login page's: see
``accounts.ratelimit``), so the endpoint is no back door for guessing passwords.

The documentation page is Swagger UI served from our own static files (drf-spectacular-sidecar),
with its start-up script loaded from a URL rather than inlined, so it works under the
``script-src 'self'`` Content-Security-Policy.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.html import format_html
from drf_spectacular.utils import OpenApiResponse, extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework import status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from accounts.ratelimit import login_attempt, login_succeeded
from accounts.selectors import email_verified
from accounts.services import api_token_for_login
from tournaments.api.base import ApiView
from tournaments.api.serializers import ErrorOutput, TokenOutput


class ObtainTokenView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=AuthTokenSerializer,
        responses={
            200: TokenOutput,
            400: OpenApiResponse(ErrorOutput, description="Wrong username or password."),
            429: OpenApiResponse(ErrorOutput, description="Too many failed attempts; wait 15 minutes."),
        },
        summary="Exchange a username and password for an API token",
        auth=[],
    )
    def post(self, request):
        username = str(request.data.get("username", ""))[:150] if hasattr(request.data, "get") else ""
        # The same counters as the login page: guesses there and here add up. The attempt counts
        # before the password is checked, so concurrent guesses cannot pass the limit.
        if not login_attempt(request, username):
            return Response(
                {"detail": "Too many failed attempts. Wait 15 minutes and try again."},
                status=status.HTTP_429_TOO_MANY_REQUESTS,
            )
        serializer = AuthTokenSerializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            return Response(
                {"detail": "Wrong username or password.", "errors": serializer.errors},
                status=status.HTTP_400_BAD_REQUEST,
            )
        login_succeeded(request, username)
        user = serializer.validated_data["user"]
        if not email_verified(user):
            return Response(
                {"detail": "Your email address is not verified yet: open the link we mailed to it."},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(TokenOutput({"token": api_token_for_login(user=user).key}).data)


DOCS_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="{favicon}">
<link rel="stylesheet" href="{css}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{bundle}"></script>
<script src="{preset}"></script>
<script src="{init}"></script>
</body>
</html>
"""


class ApiDocsView(SpectacularSwaggerSplitView):
    """Swagger UI for ``/api/schema/``.

    drf-spectacular's page template carries an inline ``<style>`` block, which the CSP refuses; this
    page is the same without it, so the browser reports no violation. The start-up script is
    drf-spectacular's own, served from ``?script``.
    """

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        if request.GET.get("script") is not None:
            return super().get(request, *args, **kwargs)
        page = format_html(
            DOCS_PAGE,
            title=self.title or "API",
            favicon=self._swagger_ui_favicon(),
            css=self._swagger_ui_resource("swagger-ui.css"),
            bundle=self._swagger_ui_resource("swagger-ui-bundle.js"),
            preset=self._swagger_ui_resource("swagger-ui-standalone-preset.js"),
            init=f"{request.path}?script=",
        )
        return HttpResponse(page)
