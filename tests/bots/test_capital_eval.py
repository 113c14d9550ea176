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


def test_cached_total_income_equals_the_rules_income_C_5_4():
    state = from_json(capital_action_position())
    bmap = dict(state.businesses)
    bmap[5, 0] = rules.Business("bar", 0, 1)
    for seat in range(4):
        expected = sum(v for k, v in rules.incomes(bmap).items() if bmap[k].owner == seat)
        assert knowledge.total_income(bmap, seat) == expected
        assert knowledge.total_income(bmap, seat) == expected  # from the cache


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
