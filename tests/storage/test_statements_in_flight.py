"""Statements on their own go to the database side by side (the saves of many games do not wait for one
another's round trip, issue #48), yet none of them is ever caught in a transaction that was open meanwhile."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.db import open_database
from tests.pg_fixtures import NewUrl


async def test_statements_in_flight_together_each_land_and_a_rollback_takes_none_of_them(new_url: NewUrl) -> None:
    db = await open_database(await new_url())
    try:
        await db.execute("CREATE TABLE probe (k INTEGER PRIMARY KEY, v TEXT)")
        changed = await asyncio.gather(*(db.execute("INSERT INTO probe (k, v) VALUES (?, ?)", (k, f"game {k}"))
                                         for k in range(200)))
        assert changed == [1] * 200, "each statement says what it changed, not the whole batch's count"
        assert await db.fetchone("SELECT COUNT(*) FROM probe") == (200,)

        opened = asyncio.Event()

        async def failing_transaction() -> None:
            async with db.transaction() as tx:
                await tx.execute("INSERT INTO probe (k, v) VALUES (?, ?)", (1000, "in the transaction"))
                opened.set()
                await asyncio.sleep(0.05)  # statements are asked for while it is open
                raise RuntimeError("the transaction fails")

        transaction = asyncio.create_task(failing_transaction())
        await opened.wait()
        alone = asyncio.create_task(db.execute("INSERT INTO probe (k, v) VALUES (?, ?)", (2000, "on its own")))
        read = asyncio.create_task(db.fetchall("SELECT k FROM probe WHERE k >= 1000"))
        with pytest.raises(RuntimeError):
            await transaction
        assert await alone == 1
        assert (1000,) not in await read, "a read asked meanwhile never sees the transaction's own row"
        assert await db.fetchall("SELECT k, v FROM probe WHERE k >= 1000") == [(2000, "on its own")], \
            "the rollback took only the transaction's own statement"
    finally:
        await db.close()
