"""Teahouse tests. Discord-level tests run against the loopback double in ``tests/discord_double``."""
