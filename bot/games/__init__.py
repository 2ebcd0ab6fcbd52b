"""The four rules engines, pure Python: no Discord, no images, no I/O."""

GAME_IDS: tuple[str, ...] = ("gouji", "zhengshangyou", "gostop", "goita")
