"""Start-up against a Discord that misbehaves: said in one line, never a silent hang."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import yarl
from aiohttp import WSMsgType, web

from bot.__main__ import run
from bot.config import Config
from tests.discord_double import DiscordDouble


async def test_a_gateway_that_accepts_but_never_answers_is_said_and_the_bot_exits_1(
        double: DiscordDouble, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The REST API answers (the double), the gateway takes the websocket and then says nothing: no
    HELLO, no READY. After the bounded wait the bot says so in one line and exits with status 1 (the
    README: a service manager restarts it, with its own back-off)."""
    async def silent(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:  # read until the bot gives up and closes; never answer
            if message.type == WSMsgType.CLOSE:
                break
        return ws

    app = web.Application()
    app.router.add_get("/", silent)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(f"ws://127.0.0.1:{port}/"))
    config = Config(token=double.token, database_path=str(tmp_path / "teahouse.db"), shard_count=1,
                    command_sync="off")
    try:
        status = await run(config, answer_timeout=2.0)
    finally:
        await runner.cleanup()

    assert status == 1
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "gateway" in lines[0] and "did not answer within 2 s" in lines[0]
