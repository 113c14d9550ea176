"""OpenSpiel's MCTS bot against Tycoon's heuristic bot (random if heuristic is missing).

Run: ``.venv/bin/python examples/openspiel_mcts.py [--game deal|capital] [--games 2]
[--simulations 30]``. Needs the ``rl`` extra with ``open_spiel``.

The MCTS bot is ``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts. So that
it does not peek at hidden cards or at the dice the state's generator will roll, each search
runs on ``determinized(state, player, seed)``: a copy where all the player cannot see is
re-drawn. The Tycoon bot plays engine actions, turned into action indices with
``state.match.encode(action)`` so the pyspiel history stays complete.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from tycoon.bots import make_bot
from tycoon.rl import register_openspiel
from tycoon.rl.openspiel_game import determinized


def tycoon_bot(game: str, seed: int):
    """The heuristic bot, or the random bot if heuristic is not available."""
    try:
        return make_bot("heuristic", game, seed)
    except ValueError:
        return make_bot("random", game, seed)


def play(game: str, spiel, mcts_seat: int, simulations: int, seed: int) -> list[float]:
    """One game; returns the players' returns."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=400)
    searcher = mcts.MCTSBot(spiel, uct_c=2.0, max_simulations=simulations,
                            evaluator=evaluator, solve=False, random_state=rng)
    bot = tycoon_bot(game, seed)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == mcts_seat:
            sample = determinized(state, player, int(rng.randint(1 << 30)))
            state.apply_action(searcher.step(sample))
        else:
            action = bot.choose(state.match.state, player)
            for index in state.match.encode(action):
                state.apply_action(index)
    return state.returns()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=[n.removeprefix("tycoon_") for n in register_openspiel()],
                        default="deal")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--turn-limit", type=int, default=None)
    args = parser.parse_args()
    for flag, value, least in [("--games", args.games, 1), ("--simulations", args.simulations, 1),
                               ("--turn-limit", args.turn_limit or 0, 0)]:
        if value < least:
            parser.error(f"{flag} must be at least {least}, not {value}")
    register_openspiel()
    params = {"players": 2}
    if args.turn_limit is not None:
        params["turn_limit"] = args.turn_limit
    elif args.game == "capital":
        params["turn_limit"] = 60
    spiel = pyspiel.load_game(f"tycoon_{args.game}", params)
    score = {"mcts": 0, "tycoon_bot": 0, "unfinished": 0}
    for g in range(args.games):
        mcts_seat = g % 2
        returns = play(args.game, spiel, mcts_seat, args.simulations, seed=g)
        if max(returns) <= 0:
            score["unfinished"] += 1
        elif returns[mcts_seat] > 0:
            score["mcts"] += 1
        else:
            score["tycoon_bot"] += 1
        print(f"game {g}: MCTS seat {mcts_seat}, returns {returns}")
    print(f"{args.game}: MCTS ({args.simulations} simulations) vs "
          f"{tycoon_bot(args.game, 0).name}: {score}")


if __name__ == "__main__":
    main()
