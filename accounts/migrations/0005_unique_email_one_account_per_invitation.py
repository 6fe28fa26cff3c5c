"""Rules the database holds from now on (issue 32, items 7, 8 and 9):

1. An address (case ignored) belongs to one account at most: a unique index on ``lower(email)``
   of the user table (empty addresses aside). Two sign-ups or two address changes at the same
   instant could both pass the check in code; the index refuses the second.

   Accounts that already share an address keep it on one of them: a verified one first (no
   ``AccountEmail`` row, or verified), then the one that logged in last, then the oldest. The
   others lose the address (they could not log in by it, and a reset mailed every one of them a
   link); the migration prints their user names, so the back office can give them another.
2. An invitation makes one account at most (``AccountEmail.invitation``, unique when set).
3. The API login's token remembers the password it was made under (``LoginTokenStamp``): every
   existing token is stamped with its owner's current password.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils.crypto import salted_hmac

INDEX = "accounts_user_email_ci_unique"


def _user_table(apps):
    return apps.get_model(settings.AUTH_USER_MODEL)._meta.db_table


def keep_one_account_per_address(apps, schema_editor):
    User = apps.get_model(settings.AUTH_USER_MODEL)
    AccountEmail = apps.get_model("accounts", "AccountEmail")
    unverified = set(AccountEmail.objects.filter(verified=False).values_list("user_id", flat=True))
    by_address = {}
    for user in User.objects.exclude(email="").order_by("pk"):
        by_address.setdefault(user.email.lower(), []).append(user)
    for users in by_address.values():
        if len(users) < 2:
            continue
        users.sort(
            key=lambda u: (u.pk in unverified, -(u.last_login.timestamp() if u.last_login else 0), u.pk)
        )
        for user in users[1:]:
            print(f"\n  {user.username} shared {user.email} with {users[0].username}: address removed")
            User.objects.filter(pk=user.pk).update(email="")
            AccountEmail.objects.filter(user_id=user.pk).update(pending="")


def create_index(apps, schema_editor):
    table = schema_editor.quote_name(_user_table(apps))
    schema_editor.execute(f"CREATE UNIQUE INDEX {INDEX} ON {table} (LOWER(email)) WHERE email <> ''")


def drop_index(apps, schema_editor):
    schema_editor.execute(f"DROP INDEX {INDEX}")


def stamp_login_tokens(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    LoginTokenStamp = apps.get_model("accounts", "LoginTokenStamp")
    for token in Token.objects.select_related("user"):
        # As accounts.services.password_stamp computes it.
        stamp = salted_hmac(
            "accounts.ApiToken.password_stamp", token.user.password, algorithm="sha256"
        ).hexdigest()
        LoginTokenStamp.objects.create(token=token, password_stamp=stamp)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_profile_language"),
        ("authtoken", "0004_alter_tokenproxy_options"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="LoginTokenStamp",
            fields=[
                (
                    "token",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="password_stamp",
                        serialize=False,
                        to="authtoken.token",
                    ),
                ),
                ("password_stamp", models.CharField(max_length=64)),
            ],
        ),
        migrations.AddField(
            model_name="accountemail",
            name="invitation",
            field=models.CharField(blank=True, max_length=100),
        ),
        migrations.AddConstraint(
            model_name="accountemail",
            constraint=models.UniqueConstraint(
                condition=models.Q(("invitation", ""), _negated=True),
                fields=("invitation",),
                name="one_account_per_invitation",
            ),
        ),
        migrations.RunPython(keep_one_account_per_address, migrations.RunPython.noop),
        migrations.RunPython(create_index, drop_index),
        migrations.RunPython(stamp_login_tokens, migrations.RunPython.noop),
    ]
