"""Issue 23, step 3 of 3: ``Tournament.club`` now points at ``clubs.Club``; the old model goes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_carry_clubs_over")]

    operations = [
        migrations.RemoveField(model_name="tournament", name="club"),
        migrations.RenameField(model_name="tournament", old_name="new_club", new_name="club"),
        migrations.AlterField(
            model_name="tournament",
            name="club",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="tournaments",
                to="clubs.club",
            ),
        ),
        migrations.DeleteModel(name="Club"),
    ]
