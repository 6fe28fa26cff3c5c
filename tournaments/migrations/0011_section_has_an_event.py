import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0010_every_tournament_in_an_event")]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="event",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="sections", to="tournaments.event"
            ),
        ),
    ]
