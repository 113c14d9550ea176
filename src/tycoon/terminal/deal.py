"""Monopoly Deal's terminal screen: the table in sentences, a card's uses as a second step, card
help, and what each decision is about (a payment, a Just Say No, a discard).

- The hand's cards are listed in the deck's order (money by value, properties, wild cards,
  rents, actions, buildings), whatever their order in the hand.
- A card that can be played several ways (a wild card's colours, a rent's targets, a Sly
  Deal's cards to take) is two steps: the card, then how.
- Fixed letters: ``e`` ends the turn, ``a`` accepts an action against you.
- A payment lists the cheapest cards first, money from the bank before properties of the same
  value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tycoon.deal.cards import CARDS, COLORS, SET_SIZE, card_text

from .screen import Choice, Screen, distinct
from .words import Words, count

#: each kind of card by its first copy in the deck: money by value, properties, wild cards,
#: rents, actions, buildings
_KIND_ORDER = {c.card: c.id for c in reversed(CARDS)}


def money(words: Words, n: int) -> str:
    """``3M`` in the game's money words."""
    return words("money", n=n) if words.has("money") else f"{n}M"


def card_name(words: Words, card: int) -> str:
    """A card (by id) in words, with its value."""
    c = CARDS[card]
    for key in (f"card.{card}", f"card.{c.card}.name"):
        if words.has(key):
            return words(key, n=c.value, value=c.value)
    return card_text(card)


def colour_name(words: Words, colour: str | int | None) -> str:
    """A colour of properties in words."""
    if colour is None:
        return ""
    name = COLORS[colour] if isinstance(colour, int) else colour
    return words.first((f"color.{name}", f"colour.{name}", f"color.{name}.name"),
                 name.replace("_", " "))


class DealScreen(Screen):
    """Monopoly Deal in the terminal (see the module docstring)."""

    letters: Mapping[str, str] = {"end_turn": "e", "accept": "a"}

    def score(self, result: dict[str, Any], seat: int, words: Words) -> str:
        """The seat's full sets and table value, which order the standings."""
        scores = result.get("scores") or []
        values = result.get("table_values") or []
        if not 0 <= seat < len(scores):
            return ""
        if seat >= len(values):
            return words("term.count.full_sets", n=scores[seat])
        return words("term.deal.score", sets=count("full_sets", scores[seat]),
                     value=money(words, values[seat]))

    def choices(self, legal: list[dict[str, Any]], view: dict[str, Any], me: int,
                words: Words) -> list[Choice]:
        """One line per card of the hand (its uses as a second step when it has several) in the
        deck's order, then the other actions one line each in the game's order, a payment's
        cards cheapest first (MD-5.2: the payer picks them one at a time)."""
        if view.get("phase") == "pay":
            bank = set(view["seats"][me].get("bank", []))
            legal = sorted(legal, key=lambda item: (
                CARDS[item["action"]["card"]].value if "card" in item["action"] else 0,
                item["action"].get("card") not in bank))
        order: list[Any] = []
        groups: dict[Any, list[Choice]] = {}
        for i, item in enumerate(legal):
            action = item["action"]
            kind = action.get("type")
            # a wild card on the table moved between colours is not the same choice as a copy
            # of that card in the hand played
            key = ("move" if kind == "move_wild" else "card", action["card"]) \
                if "card" in action and kind not in ("pay", "discard") else ("one", i)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(self.choice(item, view, me, words))
        # the hand's cards in the deck's order, so that one played does not move the others
        # (of two 2M, the one the game offers is whichever comes first in the hand)
        order.sort(key=lambda k: (0, _KIND_ORDER[CARDS[k[1]].card]) if k[0] == "card" else (1,))
        out: list[Choice] = []
        for key in order:
            subs = distinct(groups[key])  # counted as a person can tell them apart
            if len(subs) == 1:
                out.append(subs[0])
            else:
                label = "term.deal.card_moves" if key[0] == "move" else "term.deal.card_uses"
                out.append(Choice(words(label, card=card_name(words, key[1]), n=len(subs)),
                                  sub=subs,
                                  help=self._card_help(key[1], words, view.get("options"))))
        return out

    def help(self, action: dict[str, Any], view: dict[str, Any], me: int,
             words: Words) -> str | None:
        if "card" in action:
            return self._card_help(action["card"], words, view.get("options"))
        return None

    @staticmethod
    def _card_help(card: int, words: Words, options: dict[str, Any] | None = None) -> str | None:
        return words.under((f"card.{CARDS[card].card}.help", f"card.{card}.help"), options)

    def prompt(self, view: dict[str, Any], me: int, words: Words) -> str | None:
        p = view.get("pending")
        phase = view.get("phase")
        if phase == "pay" and p:
            return words("term.deal.pay", amount=money(words, p.get("owed") or 0),
                         seat={"seat": p["by"]})
        if phase in ("answer", "respond") and p:
            what = card_name(words, p["card"])
            if p.get("noes", 0) % 2 == 0:
                return words("term.deal.answer", seat={"seat": p["by"]}, card=what)
            return words("term.deal.answer_no", seat={"seat": p["target"]}, card=what)
        if phase == "discard":
            hand = next((s.get("hand_size", 0) for s in view.get("seats", [])
                         if s.get("seat") == me), 0)
            return words("term.deal.discard", n=max(0, hand - 7))
        if phase == "play" and view.get("current") == me:
            left = view.get("plays_left", 0)
            return words("term.deal.plays_left", n=left) if left else words("term.deal.no_plays")
        return None

    def table(self, view: dict[str, Any], me: int | None, words: Words) -> list[str]:
        lines = [words("term.deal.turn", turn=view.get("turn", 1),
                       seat={"seat": view.get("current", 0)})]
        for entry in view.get("seats", []):
            seat = entry["seat"]
            bank = entry.get("bank") or []
            total = sum(CARDS[c].value for c in bank)
            sets = entry.get("sets") or []
            full = sum(1 for s in sets if _full(s))
            lines.append(words("term.deal.seat", seat={"seat": seat},
                               cards=count("cards", entry.get("hand_size", 0)),
                               bank=money(words, total), full=count("full_sets", full)))
            if "hand" in entry:
                hand = [card_name(words, c) for c in entry["hand"]]
                lines.append(words("term.deal.hand", n=len(hand), list=words.join(hand)))
            for s in sets:
                lines.append("  " + self.set_text(s, words))
        lines.append(words("term.deal.piles", n=count("cards", view.get("deck_size", 0)),
                           discard=count("cards", len(view.get("discard") or []))))
        return lines

    def set_text(self, s: Mapping[str, Any], words: Words) -> str:
        """A set: its colour, how many of how many cards, full or not, buildings, its cards."""
        colour = s.get("color")
        size = SET_SIZE[colour if isinstance(colour, int) else COLORS.index(colour)] \
            if colour is not None else 0
        cards = s.get("cards") or []
        extra = [words("term.deal.full")] if _full(s) else []
        for b in ("house", "hotel"):
            if s.get(b) is not None:
                extra.append(card_name(words, s[b]))
        return words("term.deal.set", colour=colour_name(words, colour), n=len(cards),
                     size=count("cards", size),
                     extra=words.join(["", *extra]) if extra else "",
                     list=words.join([card_name(words, c) for c in cards]))


def _full(s: Mapping[str, Any]) -> bool:
    if "full" in s:
        return bool(s["full"])
    colour = s.get("color")
    if colour is None:
        return False
    size = SET_SIZE[colour if isinstance(colour, int) else COLORS.index(colour)]
    return len(s.get("cards") or []) >= size


SCREEN = DealScreen


def play(seats: int | None = None, seed: int | None = None,
         options: dict[str, Any] | None = None, **kwargs: Any) -> dict[str, Any] | None:
    """Play Monopoly Deal in the terminal against random bots (see :func:`tycoon.terminal.play`)."""
    from . import play as run

    return run("deal", seats, seed, options, **kwargs)
