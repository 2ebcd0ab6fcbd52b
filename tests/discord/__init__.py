"""Discord-level tests: the double itself, and the real bot through it."""
