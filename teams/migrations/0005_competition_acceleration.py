from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0004_boardgame_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="teamcompetition",
            name="acceleration",
            field=models.CharField(
                choices=[("none", "None"), ("baku", "Baku (FIDE C.04.7)")],
                default="none",
                help_text=(
                    "Baku (FIDE C.04.7): in the first half of the rounds the top half of the teams get "
                    "virtual match points for the pairing only, never in the standings. Needs 2 / 1 / 0 "
                    "match points and match points as the primary score."
                ),
                max_length=8,
                verbose_name="Acceleration",
            ),
        ),
        migrations.AddConstraint(
            model_name="teamcompetition",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("acceleration", "none"),
                    models.Q(("primary", "MP"), ("scoring", "2-1-0")),
                    _connector="OR",
                ),
                name="team_baku_needs_2_1_0_match_points_primary",
            ),
        ),
    ]
