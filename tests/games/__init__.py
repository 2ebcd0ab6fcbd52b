"""Rules-engine tests, one folder per game."""
