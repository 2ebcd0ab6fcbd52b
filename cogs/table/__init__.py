"""The table machinery of the games cog: sessions, the lobby, the table message, hand panels, the clock,
computer players and each game's controls (not extensions themselves)."""
