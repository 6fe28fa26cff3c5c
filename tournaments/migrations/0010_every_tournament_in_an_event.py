"""Every tournament made before events existed becomes an event of one section.

The event copies the tournament's club, name, place, dates and creator, and gets a public link of
its own (the section keeps its link, so every shared link still works). The tournament's
organisers become the event's organisers, so they can add sections; its arbiters stay arbiters of
that one section.
"""

import secrets

from django.db import migrations


def forwards(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Event = apps.get_model("tournaments", "Event")
    EventRole = apps.get_model("tournaments", "EventRole")
    TournamentRole = apps.get_model("tournaments", "TournamentRole")
    for tournament in Tournament.objects.filter(event__isnull=True).order_by("pk").iterator():
        event = Event.objects.create(
            club_id=tournament.club_id,
            name=tournament.name,
            place=tournament.place,
            start_date=tournament.start_date,
            end_date=tournament.end_date,
            created_by_id=tournament.created_by_id,
            public_token=secrets.token_urlsafe(24),
        )
        Tournament.objects.filter(pk=tournament.pk).update(event=event)
        organisers = TournamentRole.objects.filter(tournament=tournament, role="organiser")
        EventRole.objects.bulk_create(
            [EventRole(event=event, user_id=role.user_id, role="organiser") for role in organisers]
        )


def backwards(apps, schema_editor):
    # The events go with the column; the tournaments keep everything they had.
    apps.get_model("tournaments", "Tournament").objects.update(event=None)
    apps.get_model("tournaments", "Event").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0009_events_and_sections")]

    operations = [migrations.RunPython(forwards, backwards)]
