"""Events: what an applied action did, for the table line, the log and the AI."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened, e.g. ``Event("play", seat=2, data={"play": "Q-Q"})``.

    ``kind`` picks the catalog text ``<game>.event.<kind>``; ``data`` fills its
    placeholders and must be JSON-compatible (cards already written in notation).
    ``visible_to`` is ``None`` for a public event, otherwise the seats allowed to
    see it (a private exchange, a card shown to partners): the Discord layer never
    prints a non-public event in a public message.
    """

    kind: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    @property
    def public(self) -> bool:
        return self.visible_to is None

    def seen_by(self, seat: int | None) -> bool:
        """True when ``seat`` (``None`` = the public) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "data": self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        vis = data.get("visible_to")
        return cls(data["kind"], data.get("seat"), dict(data.get("data", {})),
                   None if vis is None else frozenset(vis))
