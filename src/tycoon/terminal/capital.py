"""``tycoon play capital``: Capital in the terminal, in plain text for screen readers.

Seat 0 is the human; the other seats are random bots. Every screen is plain sentences; the
legal actions are numbered and described in words; minigames are played as text (sums to
type, memory cells to pick, keys to choose), except Catch Coins, which needs a pointer and is
played for you by the minigame bot. Input, output and the clock are injectable for tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tycoon.bots import RandomBot
from tycoon.capital import CapitalState, landing, new_game
from tycoon.capital.actions import Exchange, Minigame, Play, sort_cards
from tycoon.capital.board import COLORS
from tycoon.capital.businesses import NAME as KIND_NAME
from tycoon.capital.cards import COST
from tycoon.capital.cards import NAME as CARD_NAME
from tycoon.capital.describe import square_name
from tycoon.engine import Action, Event, IllegalAction
from tycoon.engine.rng import check_seed

HUMAN = 0
MINIGAME_MS = 30_000
EFFECT_WORDS = {
    "lion": "Lion's Sight", "mafia": "Mafia Collection", "tax_exemption": "Tax Exemption",
    "business_exemption": "Business Exemption", "blocked_account": "Blocked Account",
    "hare": "Operation Hare", "turtle": "Operation Turtle",
}


def who(seat: int | None, me: int = HUMAN) -> str:
    """``You``, ``Seat 2 (blue)`` or ``The bank``."""
    if seat is None:
        return "the bank"
    return "you" if seat == me else f"seat {seat} ({COLORS[seat]})"


def board_text(st: CapitalState, me: int = HUMAN) -> list[str]:
    """The whole public position (and ``me``'s hand) as sentences."""
    view = st.view(me)
    lines = [f"Turn {view['turn']}. {who(view['current'], me).capitalize()} to play; "
             f"phase {view['phase']}."]
    for entry in view["seats"]:
        effects = ", ".join(f"{EFFECT_WORDS[e]} {n}" for e, n in entry["effects"].items() if n)
        lines.append(
            f"{who(entry['seat'], me).capitalize()}: balance ${entry['balance']}, net worth "
            f"${entry['net_worth']} ({entry['net_worth_percent']}%), {entry['laps']} laps, "
            f"{entry['dice']} dice, on {square_name(entry['square'])}, "
            f"{entry['hand_size']} cards" + (f"; effects: {effects}" if effects else "") + "."
        )
        if "hand" in entry:
            hand = ", ".join(CARD_NAME[c] for c in entry["hand"]) or "no cards"
            lines.append(f"Your hand: {hand}.")
    if view["businesses"]:
        lines.append("Businesses:")
        for b in view["businesses"]:
            owner = "your" if b["owner"] == me else f"{who(b['owner'], me)}'s"
            lines.append(f"  {square_name(b['square'])}, lot {b['lot']}: {owner} "
                         f"{KIND_NAME[b['kind']]}, level {b['level']}, income ${b['income']}.")
    for c in view["constructions"]:
        owner = "your" if c["owner"] == me else f"{who(c['owner'], me)}'s"
        lines.append(f"{owner.capitalize()} {c['type']} on {square_name(c['square'])}.")
    lines.append(f"Deck: {view['deck_size']} cards; discard pile: {len(view['discard'])} cards.")
    return lines


def event_text(st: CapitalState, e: Event, me: int = HUMAN) -> str | None:
    """One event as a sentence (None for events not worth saying)."""
    data = e.to_json()
    kind = e.type
    if kind == "transfer":
        return (f"{who(data['payer'], me).capitalize()} paid ${data['amount']} to "
                f"{who(data['payee'], me)} ({data['reason'].replace('_', ' ')}).")
    if kind == "rolled":
        extra = {"hare": " (Operation Hare)", "turtle": " (Operation Turtle)",
                 "cancel": " (Hare and Turtle cancel)"}.get(data["effect"] or "", "")
        return f"{who(data['seat'], me).capitalize()} rolled {data['dice']}{extra}."
    if kind == "moved":
        if not data["path"]:
            return None
        where = square_name(data["path"][-1])
        blocked = (f", stopped by an obstacle on {square_name(data['blocked_by'])}"
                   if data["blocked_by"] is not None else "")
        return f"{who(data['seat'], me).capitalize()} moved to {where}{blocked}."
    if kind == "lap":
        return f"{who(data['seat'], me).capitalize()} completed lap {data['laps']}."
    if kind == "built":
        return (f"{who(data['seat'], me).capitalize()} built a {KIND_NAME[data['kind']]} on "
                f"{square_name(data['square'])}, lot {data['lot']}.")
    if kind == "card_played":
        target = data["target"]
        on = ""
        if isinstance(target, dict):
            on = f" on {square_name(target['square'])}, lot {target['lot']}"
        elif target is not None:
            on = f" on {square_name(target)}" if data["card"] in (
                "careful_works", "toll", "demolition") else f" on {who(target, me)}"
        return f"{who(data['seat'], me).capitalize()} played {CARD_NAME[data['card']]}{on}."
    if kind == "waived":
        return f"{who(data['seat'], me).capitalize()} waived {data['charge']}."
    if kind == "diverted":
        return (f"${data['amount']} for {who(data['seat'], me)} went to the bank "
                f"(Blocked Account).")
    if kind == "stock_exchange":
        return f"Stock exchange: {who(data['seat'], me)} got ${data['amount']}."
    if kind == "minigame_scored":
        scores = ", ".join(f"{who(s, me)} {p}" for s, p in enumerate(data["scores"]))
        return f"Minigame scores: {scores}."
    if kind == "game_over":
        if data["winner"] is None:
            return "The turn limit is reached: the game stops unfinished."
        return f"{who(data['winner'], me).capitalize()} won with {CARD_NAME[data['reason']]}!"
    if kind == "turn_started":
        return f"Turn {data['turn']}: {who(data['seat'], me)}."
    return None


class Terminal:
    """One terminal game; ``read``/``write``/``clock`` are injectable."""

    def __init__(
        self,
        state: CapitalState,
        seed: int,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.state = state
        self.read = read
        self.write = write
        self.clock = clock
        self.bots = {s: RandomBot(seed + s) for s in range(len(state.seats)) if s != HUMAN}

    def say(self, *lines: str) -> None:
        """Write lines."""
        for line in lines:
            self.write(line)

    def report(self, events: list[Event]) -> None:
        """Say what happened."""
        for e in events:
            text = event_text(self.state, e)
            if text:
                self.write(text)

    def choose(self, options: list[str], prompt: str = "Your choice") -> int:
        """Ask for a number from 1 to len(options); return its index."""
        for i, text in enumerate(options, 1):
            self.write(f"{i}. {text}")
        while True:
            raw = self.read(f"{prompt} (1 to {len(options)}): ").strip().lower()
            if raw in ("b", "board"):
                self.say(*board_text(self.state))
                continue
            if raw.isdigit() and 1 <= int(raw) <= len(options):
                return int(raw) - 1
            self.write(f"Please type a number from 1 to {len(options)}, or b for the board.")

    def pick(self, legal: list[Action]) -> Action:
        """The human's action: long lists are grouped (a card's targets, builds, exchanges)
        and chosen in a second step."""
        st = self.state
        groups: dict[str, list[Action]] = {}
        for action in legal:
            key = action.type
            if isinstance(action, Play):
                key = f"play:{action.card}"
            groups.setdefault(key, []).append(action)
        entries: list[tuple[str, list[Action]]] = []
        for key, actions in groups.items():
            if len(actions) == 1 or key in ("branch", "waive", "minigame"):
                entries.extend((st.describe(a, HUMAN), [a]) for a in actions)
            elif key == "build":
                entries.append((f"Build a business on {square_name(st.landed or 0)}: choose "
                                "the lot and the kind", actions))
            elif key == "exchange":
                entries.append(("Exchange 1 to 5 cards: choose which", actions))
            else:
                card = key.split(":", 1)[1]
                cost = COST[card]
                price = f" for ${cost}" if cost else " (free)"
                entries.append((f"Play {CARD_NAME[card]}{price}: choose the target", actions))
        while True:
            index = self.choose([text for text, _ in entries])
            actions = entries[index][1]
            if len(actions) == 1:
                return actions[0]
            if actions[0].type == "exchange":
                chosen = self.pick_exchange(actions)
            else:
                options = ["Back", *(st.describe(a, HUMAN) for a in actions)]
                sub = self.choose(options, "Which one")
                chosen = actions[sub - 1] if sub else None
            if chosen is not None:
                return chosen

    def pick_exchange(self, actions: list[Action]) -> Action | None:
        """Ask which cards of the hand to exchange (numbers separated by spaces)."""
        hand = self.state.seats[HUMAN].hand
        for i, card in enumerate(hand, 1):
            self.write(f"{i}. {CARD_NAME[card]}")
        while True:
            raw = self.read("Cards to exchange, as numbers separated by spaces "
                            "(empty: back): ").split()
            if not raw:
                return None
            if all(x.isdigit() and 1 <= int(x) <= len(hand) for x in raw) and len(set(raw)) \
                    == len(raw):
                wanted = Exchange(sort_cards(hand[int(x) - 1] for x in raw))
                if wanted in actions:
                    return wanted
            self.write(f"Please type 1 to 5 different numbers from 1 to {len(hand)}.")

    def run(self) -> dict[str, Any]:
        """Play to the end; return the result."""
        st = self.state
        self.say("Capital. You are seat 0 (yellow). Type the number of an action; b shows "
                 "the board.")
        self.say(*board_text(st))
        while not st.is_over:
            movers = st.to_move()
            if st.phase == "minigame":
                self.minigame_round(movers)
                continue
            seat = movers[0]
            if seat == HUMAN:
                if st.phase == "action":
                    self.say(*board_text(st))
                self.report(st.apply(seat, self.pick(st.legal_actions(seat))))
            else:
                action = self.bots[seat].choose(st, seat)
                self.write(f"{who(seat).capitalize()}: {st.describe(action, seat)}.")
                self.report(st.apply(seat, action))
        result = st.result()
        standings = ", ".join(f"{who(s)} ${result['scores'][s]}" for s in result["standings"])
        self.say(f"Game over after {result['turns']} turns. Net worths: {standings}.")
        return result

    # ------------------------------------------------------------------ minigames
    def minigame_round(self, movers: list[int]) -> None:
        """Bots submit their ready-made inputs; the human plays as text."""
        st = self.state
        for seat in movers:
            if seat != HUMAN:
                action = self.bots[seat].choose(st, seat)
                self.report(st.apply(seat, action))
        if HUMAN in st.to_move():
            inputs = self.play_minigame()
            try:
                self.report(st.apply(HUMAN, Minigame(tuple(inputs))))
            except IllegalAction as exc:  # pragma: no cover - our inputs are always valid
                self.write(f"Your inputs were refused ({exc}); you score nothing.")
                self.report(st.apply(HUMAN, Minigame(())))

    def play_minigame(self) -> list[dict[str, int]]:
        """The human's inputs for the running minigame."""
        st = self.state
        mg = st.minigame
        assert mg is not None
        game, level = mg["game"], landing.level(st, HUMAN)
        contents = landing.contents(st, HUMAN)
        module = landing.minigames()
        self.say(f"Minigame: {game.replace('_', ' ')}, {level} level, 30 seconds. "
                 "Type q to stop early.")
        if game == "catch_coins":
            self.write("Catch Coins needs a pointer: the minigame bot plays it for you.")
            return module.bot_inputs(game, level, contents, 0.5, mg["seeds"][HUMAN])
        start = self.clock()
        inputs: list[dict[str, int]] = []
        while True:
            seen = module.progress(game, level, contents, inputs)
            self.say(*self.minigame_prompt(game, contents, seen))
            raw = self.read("> ").strip().lower()
            t = int((self.clock() - start) * 1000)
            if raw in ("q", "quit") or t > MINIGAME_MS:
                break
            field = {"change_money": "note", "memory": "cell", "find_key": "key"}[game]
            if not raw.lstrip("-").isdigit():
                self.write("Please type a number, or q to stop.")
                continue
            candidate = [*inputs, {"t": t, field: int(raw)}]
            try:
                module.score(game, level, contents, candidate)
            except ValueError as exc:
                self.write(f"Not possible: {exc}.")
                continue
            inputs = candidate
        points = module.score(game, level, contents, inputs)
        self.write(f"Time is up: {points} points.")
        return inputs

    def minigame_prompt(self, game: str, contents: dict, seen: dict) -> list[str]:
        """What the player sees now, in words."""
        points = f"Points: {seen['points']}."
        if game == "change_money":
            paid_raw = seen["paid"]
            if isinstance(paid_raw, list):
                paid = " + ".join(str(n) for n in paid_raw) or "nothing yet"
            else:
                paid = f"${paid_raw}" if paid_raw else "nothing yet"
            return [points, f"Sum: {seen['a']} + ? = {seen['c']}. Paid so far: {paid}. "
                    f"Type a banknote: {', '.join(map(str, contents['notes']))}."]
        if game == "memory":
            cols = contents["columns"]
            cells = seen["cells"]
            rows = []
            for r in range(len(cells) // cols):
                row = cells[r * cols:(r + 1) * cols]
                rows.append("Row " + str(r + 1) + ": " + ", ".join(
                    f"cell {r * cols + i} {'is ' + str(v) if v is not None else 'hidden'}"
                    for i, v in enumerate(row)))
            return [points, *rows, "Type a hidden cell number to turn it."]
        rnd = contents["rounds"][seen["round"] % len(contents["rounds"])]
        keys = [
            f"key {i}: cuts {' '.join(map(str, k['bitting']))}"
            + (" (drawn flipped: read from the right)" if k["flip"] else "")
            for i, k in enumerate(rnd["keys"])
        ]
        return [points, f"Lock: cuts {' '.join(map(str, rnd['lock']))}.", *keys,
                "Type the number of the key that fits the lock."]


def play(
    seats: int | None = None,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """Play Capital in the terminal as seat 0 against random bots; return the result."""
    options = dict(options or {})
    preset = options.pop("preset", "capital")
    seed = check_seed(seed)
    state = new_game(seats=seats or 4, seed=seed, preset=preset, **options)
    return Terminal(state, seed, read, write, clock).run()

