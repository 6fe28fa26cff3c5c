"""factory_boy factories for the tournaments app."""

from __future__ import annotations

import factory

from tournaments import models


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Club
        django_get_or_create = ("name",)

    name = "Riverside Chess Club"


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Tournament {n}")
    rounds_planned = 5
    lots_seed = 12345


class ParticipantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = models.Participant

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player {n:03d}")
    rating = factory.Sequence(lambda n: max(1000, 2400 - 10 * n))
