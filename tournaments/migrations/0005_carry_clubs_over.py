"""Issue 23, step 2 of 3: each old club becomes a ``clubs.Club`` and keeps its tournaments.

* the name is kept (cut to the new 100 characters) and a unique slug is made from it;
* every old member becomes an organiser;
* the creators of the club's tournaments become owners; a club with no tournament creator has its
  first member (the earliest added) as owner, so every carried club with staff has an owner.
"""

from django.db import migrations
from django.utils.text import slugify

SLUG_LENGTH = 60


def unique_slug(name, taken):
    base = (slugify(name) or "club")[: SLUG_LENGTH - 4].strip("-") or "club"
    slug, n = base, 2
    while slug in taken:
        slug = f"{base}-{n}"
        n += 1
    taken.add(slug)
    return slug


def carry_clubs_over(apps, schema_editor):
    OldClub = apps.get_model("tournaments", "Club")
    NewClub = apps.get_model("clubs", "Club")
    Membership = apps.get_model("clubs", "Membership")
    Tournament = apps.get_model("tournaments", "Tournament")
    Through = OldClub.members.through
    taken = set(NewClub.objects.values_list("slug", flat=True))
    for old in OldClub.objects.order_by("pk"):
        new = NewClub.objects.create(name=old.name[:100], slug=unique_slug(old.name, taken))
        members = list(
            Through.objects.filter(club_id=old.pk).order_by("pk").values_list("user_id", flat=True)
        )
        owners = set(
            Tournament.objects.filter(club_id=old.pk, created_by__isnull=False).values_list(
                "created_by_id", flat=True
            )
        )
        if not owners and members:
            owners = {members[0]}
        for user_id in dict.fromkeys([*members, *sorted(owners)]):
            role = "owner" if user_id in owners else "organiser"
            Membership.objects.create(club=new, user_id=user_id, role=role)
        Tournament.objects.filter(club_id=old.pk).update(new_club=new)


def carry_clubs_back(apps, schema_editor):
    """Undo: every club that has tournaments becomes an old club again, its staff its members."""
    OldClub = apps.get_model("tournaments", "Club")
    NewClub = apps.get_model("clubs", "Club")
    Tournament = apps.get_model("tournaments", "Tournament")
    for new in NewClub.objects.filter(pk__in=Tournament.objects.values("new_club")).order_by("pk"):
        name, n = new.name, 2
        while OldClub.objects.filter(name=name).exists():
            name = f"{new.name} ({n})"
            n += 1
        old = OldClub.objects.create(name=name)
        old.members.set(new.memberships.values_list("user_id", flat=True))
        Tournament.objects.filter(new_club=new).update(club=old)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_tournament_new_club")]

    operations = [migrations.RunPython(carry_clubs_over, carry_clubs_back)]
