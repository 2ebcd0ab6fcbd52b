"""Logs an admin may paste into a bug report: no token, no saved game with hidden hands."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from bot.logs import SECRET_MASK, setup_logging


@pytest.fixture
def restore_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    levels = {name: logging.getLogger(name).level for name in ("discord", "aiosqlite")}
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


def test_the_token_never_reaches_a_log_line(restore_logging: None, capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging("DEBUG", ["sekret.token.value"])
    logging.getLogger("teahouse.test").warning("connecting with %s", "sekret.token.value")
    err = capsys.readouterr().err
    assert "sekret.token.value" not in err and SECRET_MASK in err


def test_debug_logging_leaves_out_database_statements(restore_logging: None) -> None:
    """aiosqlite logs each statement with its values at DEBUG: saved games with every hand."""
    setup_logging("DEBUG", [])
    assert logging.getLogger("teahouse").isEnabledFor(logging.DEBUG)
    assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)
