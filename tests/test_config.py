"""Configuration: every setting parsed, the environment wins, bad values named, token never shown."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import SETTINGS, Config, ConfigError, env_name, load_config

TOKEN = "MTAxMjM0NTY3ODkw.Gabcde.secret-token-value"
REPO = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_example_config_documents_every_setting() -> None:
    text = (REPO / "config.example.toml").read_text(encoding="utf-8")
    for setting in SETTINGS:
        assert f"\n{setting} = " in text, setting


def test_every_setting_is_parsed_from_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, f"""
token = "{TOKEN}"
database_path = "data/games.db"
command_sync = "guild"
dev_guild_id = 123456789012345678
turn_timeout_seconds = 300
computer_delay_seconds = 0.5
default_language = "fa"
log_level = "debug"
shard_count = 4
shard_ids = [2, 3]
""")
    assert load_config(path, env={}) == Config(
        token=TOKEN, database_path="data/games.db", command_sync="guild", dev_guild_id=123456789012345678,
        turn_timeout_seconds=300, computer_delay_seconds=0.5, default_language="fa", log_level="DEBUG",
        shard_count=4, shard_ids=(2, 3),
    )


def test_defaults_need_only_a_token(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, ""), env={"DISCORD_TOKEN": TOKEN})
    assert config == Config(token=TOKEN)


def test_environment_overrides_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, 'token = "file-token-0123456789"\nlog_level = "INFO"\nturn_timeout_seconds = 60\n')
    env = {"DISCORD_TOKEN": TOKEN, "TEAHOUSE_LOG_LEVEL": "WARNING", "TEAHOUSE_TURN_TIMEOUT_SECONDS": "90",
           "TEAHOUSE_SHARD_COUNT": "2", "TEAHOUSE_SHARD_IDS": "0,1"}
    config = load_config(path, env=env)
    assert (config.token, config.log_level, config.turn_timeout_seconds) == (TOKEN, "WARNING", 90)
    assert config.shard_ids == (0, 1)
    assert env_name("token") == "DISCORD_TOKEN" and env_name("log_level") == "TEAHOUSE_LOG_LEVEL"


@pytest.mark.parametrize(
    ("line", "setting"),
    [
        ('database_path = ""', "database_path"),
        ('command_sync = "everywhere"', "command_sync"),
        ('command_sync = "guild"', "dev_guild_id"),
        ('dev_guild_id = "abc"', "dev_guild_id"),
        ("turn_timeout_seconds = 2", "turn_timeout_seconds"),
        ('turn_timeout_seconds = "soon"', "turn_timeout_seconds"),
        ("computer_delay_seconds = -1", "computer_delay_seconds"),
        ('default_language = "de"', "default_language"),
        ('log_level = "LOUD"', "log_level"),
        ("shard_count = -3", "shard_count"),
        ("shard_ids = [0, 5]\nshard_count = 2", "shard_ids"),
        ("shard_ids = 7", "shard_ids"),
        ("colour = 1", "colour"),
    ],
)
def test_each_malformed_setting_is_named(tmp_path: Path, line: str, setting: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, f'token = "{TOKEN}"\n{line}\n'), env={})
    assert err.value.setting == setting
    assert setting in str(err.value)
    assert TOKEN not in str(err.value)


def test_missing_token_says_how_to_fix_it(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        load_config(write(tmp_path, ""), env={})


def test_bad_toml_and_missing_file_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path, "token = "), env={})
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "nope.toml", env={})


def run_bot(tmp_path: Path, env_extra: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), **env_extra}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60, check=False)


def test_python_m_bot_without_token_prints_one_line_and_exits_2(tmp_path: Path) -> None:
    done = run_bot(tmp_path, {"PYTHONPATH": str(REPO)})
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "token" in lines[0] and "Traceback" not in done.stderr


def test_malformed_setting_exits_2_without_leaking_the_token(tmp_path: Path) -> None:
    config = write(tmp_path, 'log_level = "LOUD"\n')
    done = run_bot(tmp_path, {"PYTHONPATH": str(REPO), "DISCORD_TOKEN": TOKEN}, "--config", str(config))
    assert done.returncode == 2
    assert "log_level" in done.stderr and TOKEN not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


PG_URL = "postgresql://teahouse:pa%40ss-w0rd@db.internal:5432/teahouse"


def test_database_url_defaults_to_the_sqlite_file_of_database_path(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, ""), env={"DISCORD_TOKEN": TOKEN})
    assert config.storage_url == "sqlite:///teahouse.db"
    config = load_config(write(tmp_path, 'database_path = "data/games.db"\n'), env={"DISCORD_TOKEN": TOKEN})
    assert config.storage_url == "sqlite:///data/games.db"


def test_database_url_chooses_the_backend(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, 'database_url = "sqlite:///data/games.db"\n'), env={"DISCORD_TOKEN": TOKEN})
    assert (config.storage_url, config.database_path) == ("sqlite:///data/games.db", "data/games.db")
    config = load_config(write(tmp_path, ""), env={"DISCORD_TOKEN": TOKEN, "TEAHOUSE_DATABASE_URL": PG_URL})
    assert config.storage_url == PG_URL
    assert "pa%40ss" not in repr(config) and "pa@ss" not in repr(config)


def test_database_path_and_url_naming_the_same_file_agree(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, 'database_path = "a.db"\ndatabase_url = "sqlite:///a.db"\n'),
                         env={"DISCORD_TOKEN": TOKEN})
    assert config.storage_url == "sqlite:///a.db"


@pytest.mark.parametrize("path_line", ['database_path = "teahouse.db"', 'database_path = "other.db"'])
def test_a_conflict_between_database_path_and_url_stops_start_up(tmp_path: Path, path_line: str) -> None:
    for url in (PG_URL, "sqlite:///elsewhere.db"):
        with pytest.raises(ConfigError) as err:
            load_config(write(tmp_path, f'{path_line}\ndatabase_url = "{url}"\n'), env={"DISCORD_TOKEN": TOKEN})
        assert err.value.setting == "database_url" and "set only one" in str(err.value)
        assert "pa%40ss" not in str(err.value) and "pa@ss" not in str(err.value)


@pytest.mark.parametrize("url", [
    "mysql://root:pa%40ss-w0rd@localhost/teahouse", "postgresql://teahouse:pa%40ss-w0rd@db.internal",
    "postgresql://teahouse:pa%40ss-w0rd@db.internal:port/teahouse", "sqlite://teahouse.db", "teahouse.db", "sqlite:///",
])
def test_a_malformed_database_url_is_named_without_its_password(tmp_path: Path, url: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, f'database_url = "{url}"\n'), env={"DISCORD_TOKEN": TOKEN})
    assert err.value.setting == "database_url"
    assert "pa%40ss" not in str(err.value) and "pa@ss" not in str(err.value)


def test_the_database_password_is_scrubbed_from_logs() -> None:
    import logging

    from bot.logs import SECRET_MASK, RedactSecrets
    from bot.storage.url import secrets_of

    scrub = RedactSecrets([TOKEN, *secrets_of(PG_URL)])
    for text in (f"connecting to {PG_URL}", "password was pa@ss-w0rd"):
        record = logging.LogRecord("teahouse", logging.ERROR, __file__, 1, text, None, None)
        scrub.filter(record)
        assert "pa%40ss" not in record.getMessage() and "pa@ss" not in record.getMessage()
        assert SECRET_MASK in record.getMessage()


def test_the_readmes_two_process_settings_load_as_documented(tmp_path: Path) -> None:
    """README's "Running with PostgreSQL and several processes" settings are valid and split the shards."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Running with PostgreSQL and several processes", 1)[1].split("\n## ", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```toml\n")[1:]]
    configs = [load_config(write(tmp_path, block), env={"DISCORD_TOKEN": TOKEN}) for block in blocks]
    assert len(configs) == 2
    assert {c.shard_count for c in configs} == {4} and len({c.storage_url for c in configs}) == 1
    assert sorted(i for c in configs for i in c.shard_ids or ()) == [0, 1, 2, 3]
    assert configs[0].storage_url.startswith("postgresql://")


# -- start-up faults (#22, #23) ------------------------------------------------------------


def test_python_m_bot_version_prints_the_version_and_exits_0(tmp_path: Path) -> None:
    from bot import __version__

    done = run_bot(tmp_path, {"PYTHONPATH": str(REPO)}, "--version")
    assert done.returncode == 0 and done.stdout.strip() == f"teahouse {__version__}"


@pytest.mark.parametrize("name", ["TEAHOUSE_LOGLEVEL", "TEAHOUSE_TOKEN", "TEAHOUSE_TURN_TIMEOUT"])
def test_an_unknown_teahouse_environment_variable_stops_start_up(tmp_path: Path, name: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, ""), env={"DISCORD_TOKEN": TOKEN, name: "1"})
    assert err.value.setting == name and "not a known setting" in str(err.value)
    assert TOKEN not in str(err.value)
    done = run_bot(tmp_path, {"PYTHONPATH": str(REPO), "DISCORD_TOKEN": TOKEN, name: "DEBUG"})
    assert done.returncode == 2 and name in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and TOKEN not in done.stderr + done.stdout


@pytest.mark.parametrize("value", ["--1", "²", "٣", "+-5", "1" * 40])
def test_a_forged_number_in_the_environment_is_named_not_a_traceback(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, ""), env={"DISCORD_TOKEN": TOKEN, "TEAHOUSE_SHARD_COUNT": value})
    assert err.value.setting == "shard_count"


def test_a_database_locked_by_another_process_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """Another process holds the write lock (``BEGIN EXCLUSIVE``): start-up says so at once instead of
    waiting out the busy timeout. The database is opened before Discord is contacted (no network here)."""
    import sqlite3

    database = tmp_path / "teahouse.db"
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("CREATE TABLE other (x INTEGER)")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        # timeout: a hang guard (today's main waits 90 s and more), not a measure of speed
        done = run_bot(tmp_path, {"PYTHONPATH": str(REPO), "DISCORD_TOKEN": TOKEN,
                                  "TEAHOUSE_DATABASE_PATH": str(database)})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "database_path" in lines[0] and "locked by another process" in lines[0]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("lang", ["ko", "zh", "ja"])
def test_default_language_may_be_korean_chinese_or_japanese(tmp_path: Path, lang: str) -> None:
    config = load_config(write(tmp_path, f'token = "{TOKEN}"\ndefault_language = "{lang}"\n'), env={})
    assert config.default_language == lang
    assert load_config(write(tmp_path, f'token = "{TOKEN}"\n'), env={"TEAHOUSE_DEFAULT_LANGUAGE": lang}).default_language == lang
