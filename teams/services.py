"""Every write of a team competition: the competition, its teams and players, pairing a round through
the team engine (Swiss or round robin), publishing, lineups, board results and whole-match forfeits,
the captains' links. Each write locks the competition's row in a transaction and is audited."""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import ConflictError, ValidationFailed
from pairing.engine.errors import PairingError
from pairing.engine.teams import (
    TEAM_TIEBREAKS,
    board_colours,
    check_lineup,
    check_team_pairing,
    pair_team_round,
    team_round_robin,
    team_swiss_request,
)
from pairing.engine.types import Colour
from tournaments.models import Event
from tournaments.services.audit import audit_record

from . import adapters
from .models import BoardGame, Lineup, Match, Team, TeamCompetition, TeamPlayer, TeamRound
from .selectors import lineup_of

GROUP_TIEBREAKS = ("DE", "EDE")


def _locked(competition_id: int) -> TeamCompetition:
    """The competition's row, locked until the transaction ends: one write at a time per competition."""
    return TeamCompetition.objects.select_for_update().get(pk=competition_id)


def _audit(user: Any, action: str, obj: Any, after: Any = None, before: Any = None) -> None:
    audit_record(tournament=None, user=user, action=f"team_{action}", obj=obj, before=before, after=after)


def tiebreaks_clean(text: str) -> str:
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    unknown = [c for c in codes if c not in TEAM_TIEBREAKS and c not in GROUP_TIEBREAKS]
    if unknown:
        raise ValidationFailed(
            _("Unknown team tie-break: %(codes)s.") % {"codes": ", ".join(unknown)},
            errors={"tiebreaks": [_("Unknown team tie-break: %(codes)s.") % {"codes": ", ".join(unknown)}]},
        )
    return ",".join(codes)


def competition_create(*, event: Event, user: Any, name: str, **settings: Any) -> TeamCompetition:
    """A team competition in ``event`` (the settings are the model's fields; checked here)."""
    name = name.strip()
    if not name:
        raise ValidationFailed(
            _("Give the competition a name."), errors={"name": [_("This field is required.")]}
        )
    settings["tiebreaks"] = tiebreaks_clean(settings.get("tiebreaks", "EMGSB,BH,DE"))
    boards = int(settings.get("boards", 4))
    if not 1 <= boards <= 20:
        raise ValidationFailed(
            _("A match has 1 to 20 boards."), errors={"boards": [_("A match has 1 to 20 boards.")]}
        )
    with transaction.atomic():
        competition = TeamCompetition.objects.create(event=event, name=name, created_by=user, **settings)
        _audit(user, "competition_create", competition, after={"name": name, **settings})
    return competition


def team_create(
    *,
    competition: TeamCompetition,
    user: Any,
    name: str,
    club: str = "",
    players: Sequence[tuple[str, int, str]] = (),
) -> Team:
    """A team with its players in board order (name, rating, FIDE id); only before round 1 is paired."""
    name = name.strip()
    if not name:
        raise ValidationFailed(_("Give the team a name."), errors={"name": [_("This field is required.")]})
    with transaction.atomic():
        competition = _locked(competition.pk)
        if competition.team_rounds.exists():
            raise ConflictError(_("Teams can only be added before round 1 is paired."))
        if competition.teams.filter(name=name).exists():
            raise ValidationFailed(
                _("A team of that name is already in this competition."),
                errors={"name": [_("A team of that name is already in this competition.")]},
            )
        tpn = competition.teams.count() + 1
        team = Team.objects.create(competition=competition, tpn=tpn, name=name, club=club.strip())
        TeamPlayer.objects.bulk_create(
            TeamPlayer(team=team, order=i, name=n.strip(), rating=r or 0, fide_id=(f or "").strip())
            for i, (n, r, f) in enumerate(players, start=1)
        )
        _audit(
            user, "team_create", team, after={"name": name, "club": club, "players": [p[0] for p in players]}
        )
    return team


def _make_match(rnd: TeamRound, number: int, home: Team, away: Team, rule: str, boards: int) -> Match:
    match = Match.objects.create(round=rnd, number=number, home=home, away=away, colour_rule=rule[:60])
    home_line, away_line = lineup_of(home, rnd, boards), lineup_of(away, rnd, boards)
    colours = board_colours(boards)
    BoardGame.objects.bulk_create(
        BoardGame(
            match=match,
            board=b,
            home_white=colours[b - 1] == Colour.WHITE,
            home_player_id=home_line[b - 1] if b <= len(home_line) else None,
            away_player_id=away_line[b - 1] if b <= len(away_line) else None,
        )
        for b in range(1, boards + 1)
    )
    return match


def round_pair(*, competition: TeamCompetition, user: Any) -> TeamRound:
    """Pair the next round: the team Swiss (C.04.6) through the engine, or the round robin's next round
    from the Berger tables.

    1. Lock the competition; the previous round must be published with every match complete.
    2. Build the engine's request from the database (``teams.adapters``), pair, re-check.
    3. Save the round as a draft: matches (GHR 3.6 order), boards with colours and the lineups.
    """
    with transaction.atomic():
        competition = _locked(competition.pk)
        rounds = list(competition.team_rounds.order_by("number"))
        number = len(rounds) + 1
        teams = {t.tpn: t for t in competition.teams.all()}
        if len(teams) < 2:
            raise ConflictError(_("A competition needs at least two teams to pair."))
        if number > competition.rounds:
            raise ConflictError(_("Every round of the competition has been paired."))
        if rounds and len(adapters.complete_rounds(competition)) < len(rounds):
            raise ConflictError(
                _("Round %(number)s is not finished: publish it and enter every board first.")
                % {"number": rounds[-1].number}
            )
        if competition.format == TeamCompetition.Format.ROUND_ROBIN and any(
            t.withdrawn for t in teams.values()
        ):
            raise ConflictError(
                _("A round robin cannot go on without a withdrawn team: forfeit its matches instead.")
            )
        if competition.format == TeamCompetition.Format.ROUND_ROBIN:
            schedule = team_round_robin(len(teams))
            if number == 1 and competition.rounds != len(schedule):
                # Every team meets every other once: n - 1 rounds for an even n, n for an odd n (one
                # team sits each round out). The teams are final once round 1 is paired, so the
                # planned number is set from them here, whatever the settings said before.
                _audit(
                    user, "round_robin_rounds", competition, before=competition.rounds, after=len(schedule)
                )
                competition.rounds = len(schedule)
                competition.save(update_fields=["rounds"])
            if number > len(schedule):
                raise ConflictError(_("Every round of the competition has been paired."))
            planned = schedule[number - 1]
            matches, bye, explanation = planned.matches, planned.bye, ()
        else:
            event = adapters.team_event(competition)
            gone = [t.tpn for t in teams.values() if t.withdrawn]
            event = replace(event, absent=event.absent + tuple((number, tpn) for tpn in gone))
            request = team_swiss_request(event, number)
            try:
                result = pair_team_round(request)
            except PairingError as exc:
                raise ConflictError(_("No pairing keeps the absolute rules: %(why)s") % {"why": exc}) from exc
            violations = check_team_pairing(request, result)
            if violations:
                raise ConflictError(
                    _("The pairing failed its check: %(why)s")
                    % {"why": "; ".join(v.message for v in violations)}
                )
            matches, bye, explanation = result.matches, result.bye, result.explanation
        rnd = TeamRound.objects.create(
            competition=competition,
            number=number,
            bye_team=teams[bye] if bye else None,
            explanation="\n".join(explanation),
        )
        for i, m in enumerate(matches, start=1):
            _make_match(rnd, i, teams[m.white], teams[m.black], m.colour_rule, competition.boards)
        _audit(
            user,
            "round_pair",
            rnd,
            after={"round": number, "matches": [[m.white, m.black] for m in matches], "bye": bye},
        )
    return rnd


def round_robin_rounds(teams: int) -> int:
    """How many rounds a team round robin of ``teams`` teams has (the Berger tables): every team meets
    every other once, ``teams - 1`` rounds for an even number, ``teams`` for an odd one."""
    return len(team_round_robin(teams)) if teams >= 2 else 0


def team_withdraw(*, team: Team, withdrawn: bool, user: Any) -> Team:
    """Take a team out of the pairing from the next round on (or bring it back); results stay."""
    with transaction.atomic():
        _locked(team.competition_id)
        team = Team.objects.get(pk=team.pk)
        before = team.withdrawn
        team.withdrawn = withdrawn
        team.save(update_fields=["withdrawn"])
        _audit(user, "team_withdraw", team, before=before, after=withdrawn)
    return team


def round_publish(*, team_round: TeamRound, user: Any) -> TeamRound:
    with transaction.atomic():
        _locked(team_round.competition_id)
        rnd = TeamRound.objects.get(pk=team_round.pk)
        if rnd.status != TeamRound.Status.PUBLISHED:
            rnd.status = TeamRound.Status.PUBLISHED
            rnd.save(update_fields=["status"])
            _audit(user, "round_publish", rnd, after={"round": rnd.number})
    return rnd


def round_deadline_set(*, team_round: TeamRound, deadline: Any, user: Any) -> TeamRound:
    """Until when captains' links may set this round's lineups (``None``: no deadline)."""
    with transaction.atomic():
        _locked(team_round.competition_id)
        rnd = TeamRound.objects.get(pk=team_round.pk)
        before = rnd.lineup_deadline
        rnd.lineup_deadline = deadline
        rnd.save(update_fields=["lineup_deadline"])
        _audit(user, "lineup_deadline", rnd, before=before, after=deadline)
    return rnd


def round_delete_draft(*, team_round: TeamRound, user: Any) -> None:
    """Take back the last round while it is a draft (to pair it again after a change)."""
    with transaction.atomic():
        competition = _locked(team_round.competition_id)
        rnd = TeamRound.objects.get(pk=team_round.pk)
        last = competition.team_rounds.order_by("-number").first()
        if rnd.status != TeamRound.Status.DRAFT or last is None or last.pk != rnd.pk:
            raise ConflictError(_("Only the last round, still a draft, can be taken back."))
        _audit(user, "round_delete", rnd, before={"round": rnd.number})
        BoardGame.objects.filter(match__round=rnd).delete()
        rnd.matches.all().delete()
        rnd.delete()


_ABOVE = re.compile(r"board (\d+): player (\d+) is placed above ([\d, ]+), listed ahead of them")
_TOO_MANY = re.compile(r"(\d+) players for (\d+) boards")


def _lineup_words(team: Team, problems: list[str]) -> list[str]:
    """The engine's lineup problems (``check_lineup``, plain English with player ids) in the reader's
    language with the players' names, pattern by pattern as ``pairing/words.py`` does."""
    names = {p.pk: p.name for p in team.players.all()}
    words = []
    for text in problems:
        if above := _ABOVE.match(text):
            passed = ", ".join(names.get(int(i), i) for i in above.group(3).split(", "))
            words.append(
                _("Board %(board)s: %(player)s is placed above %(passed)s, listed ahead of them.")
                % {
                    "board": above.group(1),
                    "player": names.get(int(above.group(2)), above.group(2)),
                    "passed": passed,
                }
            )
        elif many := _TOO_MANY.match(text):
            words.append(
                _("%(players)s players for %(boards)s boards.")
                % {"players": many.group(1), "boards": many.group(2)}
            )
        elif text.startswith("not on the team's list"):
            words.append(_("A player who is not on the team's list."))
        elif text.startswith("a player is on two boards"):
            words.append(_("A player is on two boards."))
        else:
            words.append(text)
    return words


def lineup_set(
    *, team: Team, team_round: TeamRound, player_ids: Sequence[int], user: Any, by_captain: bool = False
) -> Lineup:
    """Who plays for ``team`` in ``team_round``, board 1 first, under the competition's board-order rule.

    Refused, nothing changed, when the rule is broken or a board of the team's match has a result.
    """
    with transaction.atomic():
        competition = _locked(team.competition_id)
        team = Team.objects.get(pk=team.pk)
        rnd = TeamRound.objects.get(pk=team_round.pk)
        if by_captain and rnd.lineup_deadline is not None and timezone.now() > rnd.lineup_deadline:
            raise ConflictError(_("The deadline for this round's lineups has passed: ask the arbiter."))
        ids = [int(p) for p in player_ids if p]
        problems = check_lineup(adapters.team_entry(team), ids, adapters.lineup_rules(competition))
        if problems:
            raise ValidationFailed(
                _("This lineup breaks the competition's board-order rule."),
                errors={"lineup": _lineup_words(team, problems)},
            )
        match = (
            Match.objects.filter(round=team_round).filter(home=team).first()
            or Match.objects.filter(round=team_round, away=team).first()
        )
        if match is not None and (match.forfeit or match.boards.exclude(result="").exists()):
            raise ConflictError(_("The match has results already: the lineup can no longer change."))
        before = lineup_of(team, team_round, competition.boards)
        lineup, _created = Lineup.objects.update_or_create(
            team=team, round=team_round, defaults={"player_ids": ids, "set_by_captain": by_captain}
        )
        if match is not None:
            side = "home_player_id" if match.home_id == team.pk else "away_player_id"
            for game in match.boards.all():
                setattr(game, side, ids[game.board - 1] if game.board <= len(ids) else None)
                game.save(update_fields=[side.removesuffix("_id")])
        _audit(user, "lineup_set", lineup, before=before, after={"players": ids, "captain": by_captain})
    return lineup


def board_result_set(*, game: BoardGame, result: str, user: Any) -> BoardGame:
    """One board's result, from White's side ("" clears it); the round must be published."""
    if result not in BoardGame.Result.values:
        raise ValidationFailed(_("Unknown result."), errors={"result": [_("Unknown result.")]})
    with transaction.atomic():
        _locked(game.match.round.competition_id)
        game = BoardGame.objects.select_related("match__round").get(pk=game.pk)
        if game.match.round.status != TeamRound.Status.PUBLISHED:
            raise ConflictError(_("Publish the round before entering results."))
        if game.match.forfeit:
            raise ConflictError(_("The whole match was forfeited: take the forfeit back first."))
        if _later_round_exists(game.match.round):
            raise ConflictError(_("The next round is paired already: its pairing rests on this result."))
        before = game.result
        game.result = result
        game.version += 1
        game.save(update_fields=["result", "version"])
        _audit(user, "board_result", game, before=before, after=result)
    return game


def board_result_checked(*, game: BoardGame, result: str, expected_version: int, user: Any) -> BoardGame:
    """``board_result_set`` for a client that saw the board at ``expected_version`` (the API): a
    different version now means someone changed it since, refused with nothing changed; the same
    result again (a retry, a double click) is accepted quietly whatever version it was based on."""
    with transaction.atomic():
        _locked(game.match.round.competition_id)
        now = BoardGame.objects.select_related("match__round").get(pk=game.pk)
        if now.result == result and not now.match.forfeit:
            return now
        if now.version != expected_version:
            raise ConflictError(
                _(
                    "This board was changed by someone else (now version %(version)s): reload it and try again."
                )
                % {"version": now.version}
            )
        return board_result_set(game=now, result=result, user=user)


def match_forfeit_set(*, match: Match, forfeit: str, user: Any) -> Match:
    """A whole-match forfeit (``+-`` home wins, ``-+`` away wins, ``--`` both lose; ``""`` takes it back)."""
    if forfeit not in Match.Forfeit.values:
        raise ValidationFailed(_("Unknown forfeit."), errors={"forfeit": [_("Unknown forfeit.")]})
    with transaction.atomic():
        _locked(match.round.competition_id)
        match = Match.objects.select_related("round").get(pk=match.pk)
        if match.round.status != TeamRound.Status.PUBLISHED:
            raise ConflictError(_("Publish the round before entering results."))
        if _later_round_exists(match.round):
            raise ConflictError(_("The next round is paired already: its pairing rests on this result."))
        before = match.forfeit
        match.forfeit = forfeit
        match.save(update_fields=["forfeit"])
        match.boards.update(version=F("version") + 1, **({"result": ""} if forfeit else {}))
        _audit(user, "match_forfeit", match, before=before, after=forfeit)
    return match


def _later_round_exists(rnd: TeamRound) -> bool:
    return TeamRound.objects.filter(competition_id=rnd.competition_id, number__gt=rnd.number).exists()


def token_hash(token: str) -> str:
    # Hashed like the players' reporting links (reports.tokens; a sibling app, so not imported): the
    # token is random, so a plain SHA-256 leaves nothing to guess from.
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def captain_link_issue(*, team: Team, user: Any) -> str:
    """A new personal lineup link for the team's captain (the old one stops working); the token is
    returned once and only its SHA-256 is kept."""
    token = secrets.token_urlsafe(16)
    with transaction.atomic():
        _locked(team.competition_id)
        Team.objects.filter(pk=team.pk).update(captain_token_hash=token_hash(token))
        _audit(user, "captain_link", team, after={"team": team.name})
    return token


def team_for_captain(token: str) -> Team | None:
    if not token:
        return None
    return Team.objects.select_related("competition").filter(captain_token_hash=token_hash(token)).first()
