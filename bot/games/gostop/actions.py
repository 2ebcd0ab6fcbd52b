"""Go-Stop moves and their text notation (rules §13.8), exact inverses of each other.

>>> str(parse_action("8b 8j1"))
'play m08-bright m08-junk1'
>>> parse_action("bomb jul") == Action("bomb", month=7)
True
>>> str(parse_action("Flip only")), str(parse_action("sit out")), str(parse_action("GO"))
('flip', 'sit', 'go')
>>> str(parse_action("grenade 3")), str(parse_action("chongtong aug"))
('grenade 3', 'chongtong 8')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import IllegalAction
from .cards import IDS, MONTH_NAMES, format_card, parse_card

#: Every action kind, in the order a menu shows them.
KINDS = ("play", "take", "shake", "bomb", "grenade", "chongtong", "flip", "go", "stop", "join", "sit", "give", "offer",
         "accept", "reject")
#: kinds written with a month: ``bomb 7``
MONTH_KINDS = ("shake", "bomb", "grenade", "chongtong")


@dataclass(frozen=True, slots=True)
class Action:
    """One move. ``card``/``target`` are card ints (-1 = none), ``month`` 1..12 for shake/bomb.

    - ``play``: play ``card`` from the hand; ``target`` picks one of two layout cards (R4.4, k=2);
    - ``take``: pick one of two layout cards for a joker's replacement or the flipped card;
    - ``shake`` / ``bomb``: declare or bomb the triple of ``month`` (R4.2, R4.5);
    - ``grenade``: the two-card bomb of ``month`` (R10A.M11); ``chongtong``: declare the four of ``month``
      that the card drawn for a joker completed (R10A.M12);
    - ``flip``: flip only, using a pass credit (R4.6);
    - ``go`` / ``stop`` (R7.3); ``join`` / ``sit``: play or sit out a gwangpalli round (R9.3);
    - ``give``: hand over ``card`` (and ``target``, a second card) in a junk steal (``steal_choice = "ask"``);
    - ``offer`` / ``accept`` / ``reject``: syodang, showing the hand to offer a nagari (O-2).
    """

    kind: str
    card: int = -1
    target: int = -1
    month: int = 0

    def __str__(self) -> str:
        return format_action(self)


FLIP = Action("flip")
GO = Action("go")
STOP = Action("stop")
JOIN = Action("join")
SIT = Action("sit")
OFFER = Action("offer")
ACCEPT = Action("accept")
REJECT = Action("reject")


def format_action(action: Action) -> str:
    """The notation of ``action``: ``play m08-bright m08-junk1``, ``take m03-junk2``, ``bomb 7``."""
    kind = action.kind
    if kind == "play":
        if action.target >= 0:
            return f"play {IDS[action.card]} {IDS[action.target]}"
        return f"play {IDS[action.card]}"
    if kind == "take":
        return f"take {format_card(action.card)}"
    if kind == "give":
        if action.target >= 0:
            return f"give {IDS[action.card]} {IDS[action.target]}"
        return f"give {IDS[action.card]}"
    if kind in MONTH_KINDS:
        return f"{kind} {action.month}"
    return kind


_WORDS = {
    "flip": FLIP, "flipo": FLIP, "fliponly": FLIP, "pass": FLIP, "skip": FLIP,
    "go": GO, "stop": STOP,
    "join": JOIN, "in": JOIN, "playin": JOIN, "play": JOIN, "yes": JOIN,
    "sit": SIT, "sitout": SIT, "out": SIT, "no": SIT,
    "offer": OFFER, "syodang": OFFER, "showdang": OFFER,
    "accept": ACCEPT, "agree": ACCEPT, "reject": REJECT, "decline": REJECT, "refuse": REJECT,
}
_VERBS = {
    "play": "play", "p": "play", "card": "play",
    "take": "take", "pick": "take", "choose": "take", "t": "take",
    "shake": "shake", "heundeum": "shake", "heundeulgi": "shake", "show": "shake",
    "bomb": "bomb", "b": "bomb", "pokhtan": "bomb",
    "grenade": "grenade", "suryutan": "grenade", "chongtong": "chongtong", "chongtong!": "chongtong",
    "give": "give", "hand": "give",
}


def _bad(text: str) -> IllegalAction:
    return IllegalAction(
        "gostop.bad_action",
        "“{text}” is not a Go-Stop move. Try “play m08-bright”, “take 8j1”, “shake 1”, “bomb 7”, "
        "“flip”, “go” or “stop”.",
        text=text,
    )


def parse_month(text: str) -> int:
    """A month from ``7``, ``m07``, ``jul`` or ``july``."""
    low = text.strip().lower()
    for i, name in enumerate(MONTH_NAMES):
        if low.startswith(name):
            return i + 1
    key = low.removeprefix("month").removeprefix("m")
    if key.isdigit() and 1 <= int(key) <= 12:
        return int(key)
    raise IllegalAction("gostop.bad_month", "“{text}” is not a month (1 to 12).", text=text)


def parse_action(text: str) -> Action:
    """Read a move a player typed; forgiving of case, spacing and common spellings."""
    raw = text.strip().lower()
    for prefix in ("/gostop", "/play", "gostop"):
        if raw.startswith(prefix + " ") or raw == prefix:
            raw = raw[len(prefix):].strip()
    if not raw:
        raise _bad(text)
    compact = raw.replace(" ", "").replace("-", "").replace("_", "")
    if compact in _WORDS and not (compact == "play" and raw != "play"):
        return _WORDS[compact]
    parts = raw.replace(",", " ").replace(">", " ").split()
    verb = _VERBS.get(parts[0])
    if verb is None:
        verb = "play"
    else:
        parts = parts[1:]
    if not parts:
        raise _bad(text)
    if verb in MONTH_KINDS:
        if len(parts) != 1:
            raise _bad(text)
        return Action(verb, month=parse_month(parts[0]))
    if verb == "play" and len(parts) == 3 and parts[1].isalpha() and not parts[1].startswith("j"):
        parts = [parts[0] + parts[1], parts[2]]  # "8 bright 8j1"
    if verb == "play" and len(parts) == 2 and parts[1].isalpha() and len(parts[1]) > 2:
        parts = [parts[0] + parts[1]]  # "aug bright", "8 bright"
    cards = []
    for part in parts:
        cards.append(parse_card(part))
    if verb == "take":
        if len(cards) != 1:
            raise _bad(text)
        return Action("take", card=cards[0])
    if verb == "give":
        if len(cards) == 2:
            low, high = sorted(cards)
            return Action("give", card=low, target=high)
        if len(cards) != 1:
            raise _bad(text)
        return Action("give", card=cards[0])
    if len(cards) == 1:
        return Action("play", card=cards[0])
    if len(cards) == 2:
        return Action("play", card=cards[0], target=cards[1])
    raise _bad(text)
