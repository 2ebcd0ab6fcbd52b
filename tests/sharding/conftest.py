"""Two bot processes on one database through the double: the PostgreSQL fixtures and a quick settle window."""

from __future__ import annotations

import pytest

from tests.pg_fixtures import new_postgres_url, postgres_admin_url

__all__ = ["new_postgres_url", "postgres_admin_url"]


@pytest.fixture
def settle_window() -> float:
    """20 ms of quiet: the bots are other processes, whose work the double cannot see (only their calls); these
    tests play several whole games, and a longer window a step would add up."""
    return 0.02
