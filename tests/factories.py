"""factory_boy factories for the tournaments app."""

from __future__ import annotations

import factory
from django.utils.text import slugify

from clubs.models import Club
from tournaments import models


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    name = "Riverside Chess Club"
    slug = factory.LazyAttribute(lambda club: slugify(club.name).removesuffix("-chess-club"))


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
