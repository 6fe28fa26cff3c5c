"""The back office's accounts: API tokens, address states, and the user admin, whose password
change revokes the user's API tokens as the site's own pages do."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminPasswordChangeForm, UserChangeForm
from django.core.exceptions import ValidationError
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy

from accounts.models import AccountEmail, ApiToken, LoginTokenStamp
from accounts.registration import TAKEN
from accounts.selectors import email_taken
from accounts.services import api_tokens_revoke_all, password_stamp


class AccountUserChangeForm(UserChangeForm):
    def clean_email(self) -> str:
        email = self.cleaned_data.get("email", "")
        if email and email_taken(email, exclude=self.instance):
            raise ValidationError(TAKEN)  # one account per address (the unique index)
        return email


class RevokingPasswordChangeForm(AdminPasswordChangeForm):
    def save(self, commit=True):  # type: ignore[no-untyped-def]
        user = super().save(commit=commit)
        if commit:
            api_tokens_revoke_all(user=user)
        return user


class AccountUserAdmin(UserAdmin):
    form = AccountUserChangeForm
    change_password_form = RevokingPasswordChangeForm


if admin.site.is_registered(get_user_model()):
    admin.site.unregister(get_user_model())
admin.site.register(get_user_model(), AccountUserAdmin)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "prefix", "created", "last_used", "expires"]
    list_select_related = ["user"]
    search_fields = ["name", "user__username", "prefix"]
    raw_id_fields = ["user"]
    readonly_fields = ["key_hash", "prefix", "password_stamp", "created", "last_used"]


@admin.register(AccountEmail)
class AccountEmailAdmin(admin.ModelAdmin):
    """Staff may mark an address verified by hand (the owner could not receive the mail)."""

    list_display = ["user", "verified", "pending"]
    list_filter = ["verified"]
    list_select_related = ["user"]
    search_fields = ["user__username", "user__email", "pending"]
    raw_id_fields = ["user"]


class StampedTokenAdmin(TokenAdmin):
    """DRF's token page, stamping a token made here with its user's password, like the API
    login's: it dies when that password changes."""

    def save_model(self, request, obj, form, change):  # type: ignore[no-untyped-def]
        super().save_model(request, obj, form, change)
        LoginTokenStamp.objects.get_or_create(
            token_id=obj.key, defaults={"password_stamp": password_stamp(obj.user)}
        )


if admin.site.is_registered(TokenProxy):
    admin.site.unregister(TokenProxy)
admin.site.register(TokenProxy, StampedTokenAdmin)
