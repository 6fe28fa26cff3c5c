from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0003_team_withdrawn"),
    ]

    operations = [
        migrations.AddField(
            model_name="boardgame",
            name="version",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
