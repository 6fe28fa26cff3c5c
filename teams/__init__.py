"""Team competitions (issue 36): teams, lineups, team rounds paired by the engine's team Swiss or
round robin, board results, match points and team standings, staff and public pages."""
