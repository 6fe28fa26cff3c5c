"""Issue 23: the tournaments' club moves to the clubs app (step 1 of 3: a column for it).

Three migrations, not one: PostgreSQL refuses to alter a table that still has pending foreign-key
checks from rows updated in the same transaction, and each migration runs in its own.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_clubs_roster_invitations"),
        ("tournaments", "0003_forbidden_pairs"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="new_club",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="clubs.club",
            ),
        ),
    ]
