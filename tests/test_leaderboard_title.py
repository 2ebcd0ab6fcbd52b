"""#22: the leaderboard picture's title is words, not Discord markdown (``**Zheng Shangyou** — by rating``
was drawn with its asterisks)."""

from __future__ import annotations

import rendering
from bot.i18n import t
from bot.storage.models import LeaderboardRow
from cogs.leaderboard import leaderboard_drawing
from cogs.table.pictures import draw_here


def test_the_picture_title_has_no_markdown_marks() -> None:
    rows = [LeaderboardRow(rank=1, user_id=7, games=3, wins=2, points=12, rating=None)]
    title = t("en", "board.title", game=t("en", "zhengshangyou.name"), sort=t("en", "board.sort.rating"),
              period=t("en", "board.period.all"))
    assert "**" in title  # the message's title is bold in Discord
    drawn = draw_here(leaderboard_drawing(rows, title, {7: "Ann"}, "en"))
    plain = title.replace("**", "")
    data = [{"rank": 1, "name": "Ann", "games": 3, "wins": 2, "points": 12, "rating": None}]
    assert drawn == rendering.render_leaderboard(data, plain, lang="en")
    assert drawn != rendering.render_leaderboard(data, title, lang="en")
