"""Helpers shared by the cogs (not extensions themselves)."""
