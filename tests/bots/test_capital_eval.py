"""The Capital search bot's knowledge: the fitted leaf evaluation and the income cache."""

from tycoon.bots import capital as knowledge
from tycoon.bots.capital import FEATURES, VALUE_WEIGHTS, learned_evaluate, value_features
from tycoon.capital import businesses as rules
from tycoon.capital import from_json

from .test_game_bots import capital_action_position


def test_value_features_give_one_row_per_seat_of_the_named_features():
    state = from_json(capital_action_position())
    rows = value_features(state)
    assert len(rows) == 4
    assert all(len(r) == len(FEATURES) == len(VALUE_WEIGHTS) for r in rows)


def test_learned_evaluation_is_a_distribution_that_favours_the_richest_C_7_3():
    data = capital_action_position()
    state = from_json(data)
    rewards = learned_evaluate(state)
    assert abs(sum(rewards) - 1) < 1e-9
    assert all(0 < r < 1 for r in rewards)
    # seat 2 owns a level-3 office building and holds $2400: the most net worth and income
    assert max(range(4), key=lambda s: rewards[s]) == 2


def test_a_playable_victory_card_raises_its_holders_chance_C_7_3():
    data = capital_action_position(("swimming_in_money", "toll", "implosion", "extra_die",
                                    "mafia_collection"))
    poor = learned_evaluate(from_json(data))
    data["seats"][0]["balance"] = 3000  # Swimming in Money costs $3000, no condition
    rich = learned_evaluate(from_json(data))
    assert value_features(from_json(data))[0][FEATURES.index("a victory card playable now")] == 1
    assert rich[0] > poor[0] + 0.2


def test_the_heuristics_build_gains_are_the_rules_income_gains_C_5_4():
    """The income a build brings, as the heuristic reads it (from the board's memo, shared
    by copies until a business changes), is what the rules give the trial board."""
    data = capital_action_position()
    data["businesses"] += [  # seat 0 on the block landed on, next to it, at home and away
        {"square": 5, "lot": 0, "kind": "bar", "owner": 0, "level": 1},
        {"square": 4, "lot": 2, "kind": "grocery", "owner": 0, "level": 2},
        {"square": 6, "lot": 1, "kind": "gallery", "owner": 1, "level": 1},
        {"square": 16, "lot": 3, "kind": "grocery", "owner": 0, "level": 1},
    ]
    state = from_json(data)
    square = state.landed
    lot = next(lot for lot in range(4) if (square, lot) not in state.businesses)
    for seat in range(4):
        gains = knowledge.build_gains(state, square, seat)
        base = sum(v for k, v in rules.incomes(state.businesses).items()
                   if state.businesses[k].owner == seat)
        for kind in rules.KINDS:
            trial = {**state.businesses, (square, lot): rules.Business(kind, seat, 1)}
            expected = sum(v for k, v in rules.incomes(trial).items()
                           if trial[k].owner == seat) - base
            assert gains[kind] == expected
    copy = state.clone()
    assert knowledge.build_gains(copy, square, 0) is knowledge.build_gains(state, square, 0)
    copy.add_business((square, lot), rules.Business("bar", 1, 1))
    assert ("gains", square, 0) not in copy.board_memo  # a new board, a new memo
    assert ("gains", square, 0) in state.board_memo


def _subset(part, full):
    if isinstance(part, dict):
        return all(k in full and _subset(v, full[k]) for k, v in part.items())
    if isinstance(part, list):
        pairs = zip(part, full, strict=True)
        return len(part) == len(full) and all(_subset(a, b) for a, b in pairs)
    return part == full


def test_the_heuristics_light_view_is_part_of_the_seats_view_C_8():
    from tycoon.bots import make_bot
    from tycoon.capital import new_game

    state = new_game(seats=4, seed=9, turn_limit=40)
    bots = [make_bot("medium", "capital", s) for s in range(4)]
    phases = set()
    while not state.is_over:
        seat = state.to_move()[0]
        for who in (seat, (seat + 1) % 4, None):
            assert _subset(knowledge.bot_view(state, who), state.view(who))
        phases.add(state.phase)
        state.apply(seat, bots[seat].choose(state, seat))
    assert {"roll", "action"} <= phases


def test_the_careful_style_builds_only_where_the_plain_one_would_and_keeps_more_cash_C_5_1():
    """At every build offer of three heuristic games, the careful style (``hard``'s own) builds
    only where the plain heuristic (``medium``) builds too, declines some of the plain one's
    builds, and never ends a build below the reserve by more than its income can justify."""
    from tycoon.bots.capital import CAREFUL, PLAIN, CapitalHeuristic, best_action
    from tycoon.capital import new_game
    from tycoon.capital.businesses import PRICE
    from tycoon.engine import Rng

    offers = declined = 0
    for seed in (1, 2, 3):
        state = new_game(seats=4, seed=seed, turn_limit=300)
        bots = [CapitalHeuristic(seed * 10 + s) for s in range(4)]
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if any(a.type == "build" for a in legal):
                offers += 1
                plain = best_action(state, seat, legal, Rng(0), PLAIN)
                careful = best_action(state, seat, legal, Rng(0), CAREFUL)
                if careful.type == "build":
                    assert plain.type == "build"
                    balance = state.seats[seat].balance
                    gain = knowledge.build_gains(state, state.landed, seat)
                    short = max(0, CAREFUL.reserve - (balance - PRICE[careful.kind]))
                    assert short * 1.5 < gain[careful.kind] * CAREFUL.income_worth
                elif plain.type == "build":
                    declined += 1
            state.apply(seat, bots[seat].choose(state, seat))
    assert offers > 50 and declined > 0


def test_hard_searches_in_the_careful_style_and_models_the_others_as_plain():
    """``hard``'s own candidates and playouts are the careful heuristic's; the other seats are
    expected to play the plain heuristic (``medium``)."""
    from tycoon.bots import make_bot
    from tycoon.bots.capital import CAREFUL, heuristic_opponent

    bot = make_bot("hard", "capital", 1)
    search = getattr(bot, "inner", bot)
    assert search.candidates.keywords == {"style": CAREFUL}
    assert search.policy.keywords == {"style": CAREFUL}
    assert search.opponent is heuristic_opponent
