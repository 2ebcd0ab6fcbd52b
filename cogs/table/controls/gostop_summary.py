"""Go-Stop in Discord: the words of cards and seats, and the hand's summary (rules §13.5).

The summary explains each payment as a product of its factors, from the settlement the engine reports
with the Stop (its ``detail``: the base score, the Gos' bonus, each multiplier and each loser's tags and
amount). Nothing here computes a figure: the amounts and factors are the engine's.
"""

from __future__ import annotations

from typing import Any

from bot.games.core import Event
from bot.i18n import has, join, number, t

from ..session import GameSession
from ..words import names as seat_names_of

#: Public events the hand summary explains (the engine's settlement rides on "stop").
EXPLAINED = ("stop", "auto_stop", "payment", "chongtong", "three_ppuk", "nagari", "syodang_nagari")
PARTS = ("brights", "godori", "animals", "hong_dan", "cheong_dan", "cho_dan", "ribbons", "junk")
#: the settlement's multipliers common to every loser, with their term's key
COMMON_FACTORS = (("go_mult", "go"), ("shake_mult", "shake"), ("nagari_mult", "nagari"), ("weolyak_mult", "weolyak"))


def names(session: GameSession, lang: str) -> list[str]:
    """Seat names, numbered where two are alike (two computers of one level) so a payment says who."""
    plain = seat_names_of(session, lang)
    return [f"{name} #{number(lang, seat + 1)}" if plain.count(name) > 1 else name for seat, name in enumerate(plain)]


def card_name(lang: str, card: str) -> str:
    """A card in words (``Aug bright (moon)``); the id itself when the catalog lacks it."""
    key = f"gostop.card.{card}"
    return t(lang, key) if has(key) else card


def month_name(lang: str, month: int) -> str:
    return t(lang, f"gostop.ui.month.{month}") if 1 <= month <= 12 else t(lang, "gostop.ui.joker")


def history_line(lang: str, seat_names: list[str], entry: dict[str, Any]) -> str:
    how = str(entry.get("how", ""))
    how_text = t(lang, f"gostop.how.{how}") if has(f"gostop.how.{how}") else how
    winner = entry.get("winner_seat")
    if winner is None:
        return t(lang, "gostop.ui.history_nagari", round=entry.get("round", "?"))
    return t(lang, "gostop.ui.history_win", round=entry.get("round", "?"), player=seat_names[winner],
             how=how_text)


def kept_for_summary(events: list[Event], data: dict[str, Any]) -> dict[str, Any]:
    """The hand's data with the events its summary explains (the Stop's breakdown, instant-win payments); the
    round's payments themselves come with the hand's end (``payments``), side payments of earlier turns (첫뻑,
    연뻑, 첫따닥) included. A syodang nagari (O-2) is explained with the hand its offerer showed."""
    start = max((i + 1 for i, e in enumerate(events) if e.kind == "hand_end"), default=0)
    skip = ("payment",) if "payments" in data else ()
    kept: list[dict[str, Any]] = []
    for e in events[start:]:
        if e.kind not in EXPLAINED or e.kind in skip:
            continue
        if e.kind == "syodang_nagari":
            kept.append({"kind": "syodang_offer", "seat": e.seat, "data": {"cards": e.data.get("cards", [])}})
        kept.append({"kind": e.kind, "seat": e.seat, "data": e.data})
    return {**data, "explain": kept}


def summary_lines(session: GameSession, lang: str, summary: dict[str, Any], final: bool) -> list[str]:
    seat_names = names(session, lang)
    lines: list[str] = []
    if final:
        last = session.hand_summary or {}
        lines += explain(session, lang, last.get("explain", []))
        lines += payments(session, lang, last.get("payments", []))
        for entry in summary.get("history", []):
            lines.append(history_line(lang, seat_names, entry))
        return lines
    lines += explain(session, lang, summary.get("explain", []))
    lines += payments(session, lang, summary.get("payments", []))
    chips = summary.get("chips")
    if isinstance(chips, list) and len(chips) == len(seat_names):
        lines.append(t(lang, "gostop.ui.chips", chips=" · ".join(
            f"{seat_names[s]} {number(lang, chips[s], signed=True)}" for s in range(len(chips)))))
    return lines


def explain(session: GameSession, lang: str, events: list[dict[str, Any]]) -> list[str]:
    seat_names = names(session, lang)

    def name(seat: Any) -> str:
        return seat_names[seat] if isinstance(seat, int) and 0 <= seat < len(seat_names) else "?"

    lines: list[str] = []
    for event in events:
        kind, seat, data = event.get("kind"), event.get("seat"), event.get("data", {})
        if kind == "stop":
            lines += settlement(session, lang, name(seat), data.get("score", 0), data.get("detail", {}))
        elif kind == "auto_stop":
            lines.append(t(lang, "gostop.ui.auto_stop", player=name(seat)))
        elif kind == "nagari":
            lines.append(t(lang, "gostop.ui.nagari_next", mult=int(data.get("mult", 2))))
        elif kind == "syodang_offer":
            lines.append(t(lang, "gostop.event.syodang_offer", player=name(seat), cards=join(lang, (
                card_name(lang, c) for c in data.get("cards", [])))))
        elif kind == "syodang_nagari":
            lines.append(t(lang, "gostop.event.syodang_nagari"))
        elif kind == "chongtong":
            lines.append(t(lang, "gostop.ui.instant_chongtong", player=name(seat),
                           month=month_name(lang, int(data.get("month", 0)))))
        elif kind == "three_ppuk":
            lines.append(t(lang, "gostop.ui.instant_three_ppuk", player=name(seat)))
        elif kind == "payment" and data.get("reason") != "settlement":
            why = str(data.get("reason", ""))
            lines.append(t(lang, "gostop.ui.paid", payer=name(data.get("from_seat")), player=name(seat),
                           amount=data.get("amount", 0),
                           reason=t(lang, f"gostop.reason.{why}") if has(f"gostop.reason.{why}") else why))
    return lines


def payments(session: GameSession, lang: str, entries: list[Any]) -> list[str]:
    """The round's payments other than the Stop's settlement, each with its reason (Korean name first for
    the preset's side payments: ``첫뻑 first-turn ppuk``)."""
    seat_names = names(session, lang)
    lines = []
    for entry in entries:
        if not isinstance(entry, list) or len(entry) != 4 or entry[3] == "settlement":
            continue
        payer, payee, amount, why = entry
        if not (isinstance(payer, int) and isinstance(payee, int)
                and 0 <= payer < len(seat_names) and 0 <= payee < len(seat_names)):
            continue  # the boar pot's antes and winnings have no payer or payee seat
        lines.append(t(lang, "gostop.ui.paid", payer=seat_names[payer], player=seat_names[payee], amount=amount,
                       reason=t(lang, f"gostop.reason.{why}") if has(f"gostop.reason.{why}") else str(why)))
    return lines


def settlement(session: GameSession, lang: str, winner: str, score: int, detail: dict[str, Any]) -> list[str]:
    """``Bob: (7 + 1 go) × 2 shake × 2 pi-bak = 32`` per loser, then any transfer (go-bak, syodang): the terms
    and factors of the engine's settlement, its amount as the engine charged it."""
    seat_names = names(session, lang)
    options = session.view(None).options if session.live is not None else session.options
    korean = options.get("preset", "none") != "none"

    def term(key: str, **values: Any) -> str:
        """A factor's words; under a preset with its Korean platform name first (고박 go-bak, R10A.2)."""
        if korean and has(f"gostop.ui.term_ko.{key}"):
            return t(lang, f"gostop.ui.term_ko.{key}", **values)
        return t(lang, f"gostop.ui.term.{key}", **values)

    lines = [t(lang, "gostop.ui.winner", player=winner, score=score)]
    parts = detail.get("parts") or detail.get("score_parts")
    if isinstance(parts, dict):  # the winner's combinations, when the engine reports them with the Stop
        shown = [t(lang, f"gostop.ui.part.{key}", n=parts[key]) for key in PARTS if parts.get(key)]
        if shown:
            lines.append(t(lang, "gostop.ui.combinations", parts=" · ".join(shown), score=score))
    adds = [number(lang, int(detail.get("score", score)))]
    if int(detail.get("go_add", 0)):
        adds.append(term("go_add", n=int(detail["go_add"])))
    if int(detail.get("extra", 0)):
        adds.append(term("extra", n=int(detail["extra"])))
    common = [term(name, n=int(detail[key])) for key, name in COMMON_FACTORS if int(detail.get(key, 1)) > 1]
    if detail.get("meong_dda"):
        common.append(term("meong_dda"))
    mission_mult = int(detail.get("mission_mult", 1))  # the round's mission factor (V-M1)
    mission = term("mission", n=mission_mult) if mission_mult > 1 else ""
    flat_gwangbak = bool(options.get("gwangbak_flat_2"))
    for loser, entry in sorted(detail.get("per_loser", {}).items(), key=lambda kv: int(kv[0])):
        terms, factors = list(adds), list(common)
        for tag in entry.get("tags", []):
            if tag == "gwang_bak" and flat_gwangbak:
                terms.append(term("gwang_bak_flat"))
            else:
                factors.append(term(tag))
        formula = " + ".join(terms)
        if factors:
            formula = f"({formula})" if len(terms) > 1 else formula
            formula += "".join(f" × {label}" for label in factors)
        if mission:
            formula += " × " + mission
        lines.append(t(lang, "gostop.ui.loser_pays", player=seat_names[int(loser)], formula=formula,
                       amount=int(entry.get("amount", 0))))
    for key, what in (("go_bak_seat", "go_bak"), ("syodang_seat", "syodang"), ("oe_myeon_seat", "oe_myeon")):
        payer = detail.get(key)
        if isinstance(payer, int) and 0 <= payer < len(seat_names):
            lines.append(t(lang, f"gostop.ui.transfer.{what}", player=seat_names[payer]))
    return lines


__all__ = ["card_name", "explain", "history_line", "kept_for_summary", "month_name", "names", "payments",
           "settlement", "summary_lines"]
