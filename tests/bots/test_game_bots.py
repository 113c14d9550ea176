"""Bots on the real games: legal play, strengths, minigames, no peeking at hidden cards."""

import pytest

from tycoon.bots import make_bot
from tycoon.bots.base import STRENGTHS, parse_spec
from tycoon.bots.capital import CAREFUL, PLAIN, CapitalHeuristic
from tycoon.capital import from_json as capital_from_json
from tycoon.capital import new_game as new_capital
from tycoon.deal import from_json as deal_from_json
from tycoon.deal import new_game as new_deal

SPECS = [
    "random",
    "heuristic",
    "easy",
    "medium",
    "ismcts:iterations=4",
    "ismcts:iterations=4:opponents=heuristic",
    "ismcts:iterations=4:opponents=search",
    "hard:iterations=4:seconds=5",
]


def play(state, specs, game, max_decisions):
    bots = [make_bot(specs[s % len(specs)], game, s + 1) for s in range(len(state.view()["seats"]))]
    for _ in range(max_decisions):
        if state.is_over:
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state, seat)
        if action.type == "minigame":
            assert state.view(seat)["phase"] == "minigame"
        else:
            assert action in legal, (action, legal[:5])
        state.apply(seat, action)  # raises IllegalAction if the bot cheated
    return state


@pytest.mark.parametrize("spec", SPECS)
def test_capital_bots_play_only_legal_actions_C_4_5(spec):
    state = play(new_capital(seats=4, seed=11, turn_limit=12), [spec, "random"], "capital", 400)
    assert state.is_over or state.turn >= 10


@pytest.mark.parametrize("spec", SPECS)
def test_deal_bots_play_only_legal_actions_MD_3(spec):
    state = play(new_deal(seats=2, seed=12), [spec, "heuristic"], "deal", 120)
    assert state.view()["turn"] > 3


def test_strengths_are_documented_bots():
    assert parse_spec("easy") == ("random", {"streak": 3, "skill": 0.3})
    assert parse_spec("medium") == ("heuristic", {"skill": 0.7})
    assert parse_spec("hard")[0] == "ismcts"
    assert parse_spec("hard")[1]["seconds"] <= 1.0
    assert set(STRENGTHS) == {"easy", "medium", "hard"}
    for game in ("capital", "deal"):
        for name in STRENGTHS:
            assert make_bot(name, game, 1).name == name


def test_unknown_bot_and_bad_parameters_are_refused():
    with pytest.raises(ValueError, match=r"known bots: easy, .*hard, heuristic, ismcts"):
        make_bot("alphazero", "deal")
    with pytest.raises(ValueError, match="iterations"):
        make_bot("ismcts:iterations=many", "deal")
    with pytest.raises(ValueError, match="skill"):
        make_bot("heuristic:skill=2", "capital")
    with pytest.raises(ValueError, match="no heuristic"):
        make_bot("heuristic", "chess")


def test_a_bad_parameter_of_a_strength_is_named_as_the_user_typed_it():
    """``hard`` is the search bot ``ismcts`` with settings: its errors say ``hard``."""
    with pytest.raises(ValueError, match=r"^bot hard: iterations must be an integer, not 'abc'$"):
        make_bot("hard:iterations=abc", "deal")
    for seconds in ("-1", "nan", "inf"):
        with pytest.raises(ValueError, match=r"^bot hard: seconds must be a positive number$"):
            make_bot(f"hard:seconds={seconds}", "deal")
    for name, value in (("c", "nan"), ("c", "-0.1"), ("z", "inf")):
        with pytest.raises(ValueError, match=rf"^bot hard: {name} must be a number, 0 or more$"):
            make_bot(f"hard:{name}={value}", "deal")
    with pytest.raises(ValueError, match=r"^bot hard: depth must be 0 or more$"):
        make_bot("hard:depth=-1", "deal")
    with pytest.raises(ValueError, match=r"^bot hard: c must be a number, not 'x'$"):
        make_bot("hard:c=x", "capital")
    with pytest.raises(ValueError, match=r"^bot ismcts: iterations must be at least 1$"):
        make_bot("ismcts:iterations=0", "deal")


def test_search_bot_respects_its_iteration_budget():
    state = new_deal(seats=2, seed=4)
    bot = make_bot("ismcts:iterations=7", "deal", 3)
    seat = state.to_move()[0]
    bot.choose(state, seat)
    assert bot.last_iterations in (0, 7)  # 0 when the choice was forced
    state = new_capital(seats=4, seed=4)
    bot = make_bot("ismcts:iterations=9", "capital", 3)
    seat = state.to_move()[0]
    assert bot.choose(state, seat).type == "roll" and bot.last_iterations == 0


def scramble(data, seat):
    """The same position with every hand but ``seat``'s and the deck dealt differently."""
    pool = list(data["deck"])
    for s in data["seats"]:
        if s["seat"] != seat:
            pool.extend(s["hand"])
    pool = pool[::-1]
    pool = pool[1::2] + pool[::2]
    for s in data["seats"]:
        if s["seat"] != seat:
            k = len(s["hand"])
            s["hand"], pool = pool[:k], pool[k:]
    data["deck"] = pool
    return data


def give_hand(data, seat, cards):
    """Give ``seat`` exactly ``cards``, taken from the deck and the other hands (redealt)."""
    pool = list(data["deck"])
    for s in data["seats"]:
        pool.extend(s["hand"])
    for c in cards:
        pool.remove(c)
    for s in data["seats"]:
        if s["seat"] == seat:
            s["hand"] = list(cards)
        else:
            k = len(s["hand"])
            s["hand"], pool = pool[:k], pool[k:]
        s.pop("hand_size", None)
    data["deck"] = pool
    return data


def capital_action_position(
    hand=("lions_sight", "toll", "implosion", "extra_die", "mafia_collection"),
):
    """Seat 0 in step C-4.5 with cards worth comparing, opponents holding other cards."""
    state = new_capital(seats=4, seed=21)
    data = give_hand(state.to_json(), 0, hand)
    data["phase"] = "action"
    data["current"] = 0
    data["move"] = {"roll": [2, 3], "landed": 5}
    data["seats"][0]["balance"] = 900
    data["seats"][2]["balance"] = 2400
    data["businesses"] = [
        {"square": 20, "lot": 0, "kind": "office_building", "owner": 2, "level": 3},
        {"square": 33, "lot": 1, "kind": "gallery", "owner": 1, "level": 1},
    ]
    for s in data["seats"]:
        s.pop("net_worth", None)
    for b in data["businesses"]:
        b.pop("income", None)
    return data


def test_search_bot_decision_ignores_hidden_cards_in_capital_C_8_2():
    a = capital_from_json(capital_action_position())
    b = capital_from_json(scramble(capital_action_position(), 0))
    assert a.view(0) == b.view(0)
    assert a.to_json()["seats"][1]["hand"] != b.to_json()["seats"][1]["hand"]
    for seed in (1, 2):
        x = make_bot("ismcts:iterations=30", "capital", seed).choose(a, 0)
        y = make_bot("ismcts:iterations=30", "capital", seed).choose(b, 0)
        assert x == y


def test_search_bot_decision_ignores_hidden_cards_in_deal_MD_9_2():
    state = new_deal(seats=3, seed=8)
    for _ in range(25):  # play into the game a little
        seat = state.to_move()[0]
        state.apply(seat, make_bot("heuristic", "deal", 0).choose(state, seat))
    seat = state.to_move()[0]
    twin = deal_from_json(scramble(state.to_json(), seat))
    assert twin.view(seat) == state.view(seat)
    assert twin.to_json() != state.to_json()
    for bot_seed in (1, 2):
        x = make_bot("ismcts:iterations=25", "deal", bot_seed).choose(state, seat)
        y = make_bot("ismcts:iterations=25", "deal", bot_seed).choose(twin, seat)
        assert x == y


def test_heuristic_attacks_the_leader_C_7():
    # seat 2 is far richest: Lion's Sight (half its $2400) is the best play
    state = capital_from_json(capital_action_position())
    action = make_bot("heuristic", "capital", 0).choose(state, 0)
    assert action.type == "play" and action.card == "lions_sight" and action.target == 2


@pytest.mark.parametrize(("lion_percent", "card"), [(0, "implosion"), (10, "implosion"),
                                                    (50, "lions_sight"), (100, "lions_sight")])
def test_heuristic_weighs_lions_sight_at_the_games_lion_percent_C_4_3(lion_percent, card):
    """Lion's Sight takes ``lion_percent`` of the target's balance (C-4.3): on seat 2's $2400
    it beats an Implosion at half, and is not worth the card at 0% or 10%."""
    data = capital_action_position()
    data["options"]["lion_percent"] = lion_percent
    action = make_bot("heuristic", "capital", 0).choose(capital_from_json(data), 0)
    assert action.type == "play" and action.card == card


def capital_choice(hand, style=CAREFUL, **changes):
    """The heuristic's action (in ``style``: ``hard``'s own by default) for seat 0 of
    :func:`capital_action_position` holding ``hand``; seat 0 stands on a minigame square with
    three dice. ``changes`` set top-level position fields or, as ``seatN``, fields of seat N."""
    data = capital_action_position(hand)
    data["move"] = {"roll": [6, 6, 1], "landed": 13}  # a minigame square: nothing to build
    data["seats"][0].update(square=13, dice=3)
    for key, value in changes.items():
        if key.startswith("seat"):
            data["seats"][int(key[4:])].update(value)
        else:
            data[key] = value
    return CapitalHeuristic(0, style=style).choose(capital_from_json(data), 0)


def test_careful_heuristic_plays_extra_die_before_other_cards_C_7():
    """Extra Die (C-7: one more die, not with 4): a faster pawn completes more laps and each
    lap levels its businesses up (C-4.2.2), so ``hard``'s own heuristic plays it before Easy
    Money's $500 and a toll; ``medium``'s (the plain style) takes the money first."""
    hand = ("toll", "extra_die", "easy_money", "mafia_collection", "careful_works")
    action = capital_choice(hand)
    assert action.type == "play" and action.card == "extra_die"
    action = capital_choice(hand, style=PLAIN)
    assert action.type == "play" and action.card == "easy_money"
    action = capital_choice(hand, seat0={"dice": 4})  # not playable with 4 dice
    assert getattr(action, "card", None) != "extra_die"


@pytest.mark.parametrize("style", [PLAIN, CAREFUL], ids=["medium", "hard"])
def test_heuristic_takes_tax_exemption_when_richest_C_4_3_1(style):
    """Tax Exemption (C-4.3.1 waives Lion's Sight, Mafia Collection and tolls): the richest
    seat, whom attacks aim at first, plays it to guard a big balance; a poor seat keeps it.
    (``medium`` never played it: it was valued only while a charge was pending, and charges
    are paid before the step where cards are played.)"""
    hand = ("tax_exemption", "careful_works", "demolition", "business_exemption", "new_beginning")
    action = capital_choice(hand, style, seat0={"balance": 4000})
    assert action.type == "play" and action.card == "tax_exemption"
    assert capital_choice(hand, style, seat0={"balance": 300}).type != "play"
    # with three uses still to spend, another card is no use
    action = capital_choice(hand, style, seat0={"balance": 4000, "effects": {"tax_exemption": 3}})
    assert action.type != "play" or action.card != "tax_exemption"


@pytest.mark.parametrize("style", [PLAIN, CAREFUL], ids=["medium", "hard"])
def test_heuristic_demolishes_a_toll_or_obstacle_where_every_pawn_passes_C_7(style):
    """Demolition (C-7) of an opponent's toll or obstacle on a square every pawn crosses
    (C-4.2.4: $100 each crossing; C-4.2.3: a pawn without a 6 stops before an obstacle),
    never of its own. (``medium`` never demolished an obstacle: a person's stayed for good.)"""
    hand = ("demolition", "careful_works", "new_beginning", "business_exemption", "tax_exemption")
    for kind in ("toll", "obstacle"):
        built = [{"square": 15, "type": kind, "owner": 1},
                 {"square": 29, "type": kind, "owner": 0}]
        action = capital_choice(hand, style, constructions=built)
        assert action.type == "play" and action.card == "demolition" and action.target == 15


@pytest.mark.parametrize("style", [PLAIN, CAREFUL], ids=["medium", "hard"])
def test_heuristic_turtles_the_leader_but_not_under_hare_D_2(style):
    """Operation Turtle (all dice 1 for three rolls) on the richest opponent, but not on a
    seat under Operation Hare, with which it cancels (D-2)."""
    hand = ("operation_turtle", "careful_works", "new_beginning", "business_exemption",
            "demolition")
    action = capital_choice(hand, style)
    assert action.type == "play" and action.card == "operation_turtle" and action.target == 2
    action = capital_choice(hand, style, seat2={"effects": {"hare": 3}})
    assert action.type != "play" or action.card != "operation_turtle" or action.target != 2


@pytest.mark.parametrize("style", [PLAIN, CAREFUL], ids=["medium", "hard"])
def test_heuristic_takes_a_die_from_the_leader_C_7(style):
    """Lost Die (C-7: a player with at least 2 dice loses one) on the richest opponent when
    it rolls three, on nobody when every opponent rolls only one."""
    hand = ("lost_die", "careful_works", "new_beginning", "business_exemption", "demolition")
    action = capital_choice(hand, style, seat2={"dice": 3})
    assert action.type == "play" and action.card == "lost_die" and action.target == 2
    ones = {f"seat{s}": {"dice": 1} for s in (1, 2, 3)}
    action = capital_choice(hand, style, **ones)
    assert action.type != "play" or action.card != "lost_die"


def test_careful_heuristic_puts_an_obstacle_just_after_its_own_businesses_C_4_2_3():
    """An obstacle (Careful Works) stops a pawn without a 6 on the square before it (C-4.2.3,
    D-3): ``hard``'s own heuristic puts it on square 16, after its two businesses of square
    15, a block every pawn crosses, where the stopped pawns pay them; without businesses it
    keeps the card, and ``medium`` (the plain style) never plays it."""
    hand = ("careful_works", "new_beginning", "business_exemption", "tax_exemption",
            "demolition")
    mine = [{"square": 15, "lot": lot, "kind": "office_building", "owner": 0, "level": 2}
            for lot in (0, 1)]
    businesses = capital_action_position()["businesses"] + mine
    action = capital_choice(hand, businesses=businesses)
    assert action.type == "play" and action.card == "careful_works" and action.target == 16
    assert capital_choice(hand, style=PLAIN, businesses=businesses).type != "play"
    action = capital_choice(hand)
    assert action.type != "play" or action.card != "careful_works"


def test_heuristic_plays_a_victory_card_as_soon_as_it_works_C_7_3():
    data = capital_action_position(("lions_sight", "easy_money", "successful_entrepreneur"))
    data["seats"][0]["balance"] = 7200
    state = capital_from_json(data)
    action = make_bot("heuristic", "capital", 0).choose(state, 0)
    assert action.type == "play" and action.card == "successful_entrepreneur"
    state.apply(0, action)
    assert state.winner == 0 and state.result()["reason"] == "successful_entrepreneur"


def test_every_bot_plays_capital_minigames_with_the_minigame_bot_C_9():
    state = new_capital(seats=4, seed=5)
    bots = [make_bot("heuristic", "capital", s) for s in range(4)]
    for _ in range(3000):  # play until a minigame starts
        if state.view()["phase"] == "minigame":
            break
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.view()["phase"] == "minigame"
    players = [make_bot(spec, "capital", 9) for spec in ("easy", "medium", "hard", "random")]
    balances = [s["balance"] for s in state.view()["seats"]]
    for seat, bot in zip(state.to_move(), players, strict=False):
        action = bot.choose(state, seat)
        assert action.type == "minigame"
        state.apply(seat, action)
    assert state.view()["phase"] != "minigame"
    after = [s["balance"] for s in state.view()["seats"]]
    assert all(a >= b for a, b in zip(after, balances, strict=True))  # D-7: never takes money


def test_deal_heuristic_pays_with_bank_money_first_MD_5_2():
    from tycoon.bots.deal import choose_payment
    from tycoon.deal.actions import Pay

    # owes 3: bank 1M (id 0), 5M (id 14) and 3M (id 11); a red property (id 41) on the table
    view = {
        "phase": "pay",
        "pending": {"owed": 3},
        "seats": [
            {
                "bank": [0, 14, 11],
                "sets": [
                    {
                        "color": "red",
                        "cards": [41],
                        "full": False,
                        "house": None,
                        "hotel": None,
                        "rent": 2,
                    }
                ],
            },
        ],
    }
    legal = [Pay(0), Pay(14), Pay(11), Pay(41)]
    assert choose_payment(view, 0, legal) == Pay(11)  # covers 3 exactly
    view["pending"]["owed"] = 7
    assert choose_payment(view, 0, legal) == Pay(14)  # biggest first when none covers
    view["seats"][0]["bank"] = []
    assert choose_payment(view, 0, [Pay(41)]) == Pay(41)


def test_deal_heuristic_says_no_to_a_deal_breaker_but_not_to_a_small_rent_MD_6_9():
    from tycoon.bots.deal import choose_answer
    from tycoon.deal.actions import Accept, SayNo

    seat_view = {"bank": [0, 1, 2, 14], "sets": []}
    legal = [Accept(), SayNo(75)]
    view = {"seats": [seat_view, seat_view], "pending": {"kind": "deal_breaker", "by": 1}}
    assert choose_answer(view, 0, legal) == SayNo(75)
    view["pending"] = {"kind": "rent", "by": 1, "amount": 1, "owed": 1}
    assert choose_answer(view, 0, legal) == Accept()
    view["pending"] = {"kind": "debt_collector", "by": 1, "amount": 5, "owed": 5}
    assert choose_answer(view, 0, legal) == SayNo(75)


def test_search_bot_stops_at_its_iteration_budget_in_a_real_decision_C_4_5():
    state = capital_from_json(capital_action_position())
    for budget in (5, 12):
        bot = make_bot(f"ismcts:iterations={budget}", "capital", 1)
        action = bot.choose(state, 0)
        assert action in state.legal_actions(0)
        assert bot.last_iterations == budget


def deal_position(tables):
    """A 2-seat Deal game in the play phase whose tables are ``{seat: [(colour, cards)]}``."""
    from tycoon.deal.cards import COLOR_INDEX
    from tycoon.deal.state import PSet

    state = new_deal(seats=2, seed=5)
    for seat, sets in tables.items():
        for color, cards in sets:
            for c in cards:
                for pile in (state.deck, *state.hands):
                    if c in pile:
                        pile.remove(c)
            state.tables[seat].append(PSet(COLOR_INDEX[color], list(cards)))
    state._legal = None
    return state


def test_deal_evaluation_favours_the_seat_with_more_full_sets_MD_7_1():
    from tycoon.bots.deal import evaluate

    state = deal_position({0: [("brown", [20, 21]), ("dark_blue", [46, 47])], 1: []})
    rewards = evaluate(state)
    assert abs(sum(rewards) - 1) < 1e-9
    assert rewards[0] > 0.8 > 0.2 > rewards[1]
    # one card from a third full set is worth more than one card from a first
    near = deal_position({0: [("brown", [20, 21]), ("dark_blue", [46, 47]), ("green", [43, 44])]})
    assert evaluate(near)[0] > rewards[0]


def test_deal_search_candidates_move_a_wild_card_only_to_complete_a_set_MD_7_2():
    from tycoon.bots.deal import candidates

    idle = deal_position({0: [("green", [43, 52])], 1: [("green", [44, 45])]})
    idle.current = 0
    legal = idle.legal_actions(0)
    assert any(a.type == "move_wild" for a in legal)
    assert not any(a.type == "move_wild" for a in candidates(idle, 0, legal))
    completes = deal_position({0: [("green", [43, 52]), ("dark_blue", [46])]})
    completes.current = 0
    out = candidates(completes, 0, completes.legal_actions(0))
    assert any(a.type == "move_wild" and a.color == "dark_blue" for a in out)


def test_deal_search_does_not_shuffle_a_wild_card_after_its_last_play_MD_7_2():
    """With no plays left only free wild moves remain (MD-7.2): the search ends the turn
    instead of moving a card to and fro (it once did, for 15 decisions in a row)."""
    from tycoon.bots.deal import candidates
    from tycoon.bots.ismcts import ISMCTSBot

    state = deal_position({0: [("green", [43, 52])], 1: [("green", [44, 45])]})
    state.current = 0
    state.plays_left = 0
    state._legal = None
    legal = state.legal_actions(0)
    assert {a.type for a in legal} == {"move_wild", "end_turn"}
    assert [a.type for a in candidates(state, 0, legal)] == ["end_turn"]
    bot = make_bot("ismcts:iterations=50", "deal", 3)
    assert isinstance(bot, ISMCTSBot)
    assert bot.choose(state, 0).type == "end_turn"
    assert bot.last_iterations == 0  # one candidate: nothing to search


def test_search_models_opponents_as_the_heuristic_unless_told_otherwise():
    """Both games' search bots model the other seats as the heuristic by default."""
    from tycoon.bots.deal import heuristic_opponent

    assert make_bot("ismcts:iterations=5", "deal").opponent is heuristic_opponent
    assert make_bot("hard", "deal").opponent is heuristic_opponent
    assert make_bot("ismcts:iterations=5:opponents=search", "deal").opponent is None
    assert make_bot("ismcts:iterations=5", "capital").opponent is not None
    assert make_bot("ismcts:iterations=5:opponents=search", "capital").opponent is None
    with pytest.raises(ValueError, match="opponents must be search or heuristic"):
        make_bot("ismcts:opponents=psychic", "deal")
    with pytest.raises(ValueError, match="no heuristic"):
        make_bot("ismcts:opponents=heuristic", "bots.toygame")


def test_deal_search_compares_its_root_candidates_quietly_by_default():
    """The measured Deal `hard` (docs/strength.md, "Deal: the three together"): playouts by the
    heuristic without random moves, sequential halving of the paired root rounds, little
    exploration below the root; each can still be set back from a spec."""
    from tycoon.bots.deal import heuristic_opponent

    bot = make_bot("hard", "deal")
    assert (bot.policy, bot.halving, bot.paired, bot.c) == (heuristic_opponent, True, True, 0.3)
    assert bot.iterations == 300
    assert make_bot("ismcts:halving=0:c=0.7", "deal").halving is False
    capital = make_bot("hard", "capital")
    assert (capital.halving, capital.c) == (False, 0.7)


def test_deal_belief_excludes_only_cards_the_heuristic_truly_lacks_MD_9_2():
    """What the heuristic did not play tells what it lacks: every rule of the belief ("at most
    k of these cards") holds of the opponent's true hand, cards are often excluded outright,
    and the belief's samples keep every rule."""
    from tycoon.bots.deal import DealBelief, DealHeuristic

    heuristic = DealHeuristic(0)
    checks = excluded = 0
    for game in range(12):
        state = new_deal(seats=2, seed=500 + game)
        me, other = game % 2, 1 - game % 2
        belief = DealBelief()
        while not state.is_over:
            seat = state.to_move()[0]
            if seat == me:
                belief.observe(state, seat)
                checks += 1
                excluded += bool(belief.excluded(other))
                sample = belief.sample(state, seat, checks)
                assert sample.view(seat) == state.view(seat)
                for cards, k in belief.rules.get(other, ()):
                    assert len(cards & set(state.hands[other])) <= k
                    assert len(cards & set(sample.hands[other])) <= k
            action = heuristic.choose(state, seat)
            if seat == me:
                belief.chosen(action)
            state.apply(seat, action)
    assert excluded > checks // 4


def test_search_bot_with_a_belief_ignores_hidden_cards_heads_up_MD_9_2():
    import copy

    state = new_deal(seats=2, seed=9)
    bot = make_bot("ismcts:iterations=3", "deal", 1)
    heuristic = make_bot("heuristic", "deal", 0)
    while state.turn < 8:  # the bot watches a few turns of the game
        seat = state.to_move()[0]
        state.apply(seat, (bot if seat == 0 else heuristic).choose(state, seat))
    while state.to_move()[0] != 0 or len(state.legal_actions(0)) < 3:
        seat = state.to_move()[0]
        state.apply(seat, (bot if seat == 0 else heuristic).choose(state, seat))
    assert bot.beliefs[0].rules.get(1)
    twin = deal_from_json(scramble(state.to_json(), 0))
    assert twin.view(0) == state.view(0)
    assert twin.to_json() != state.to_json()
    for _ in range(2):
        other = copy.deepcopy(bot)
        other.iterations = bot.iterations = 40
        assert bot.choose(state, 0) == other.choose(twin, 0)


def test_one_search_bot_can_play_both_seats_each_with_its_own_belief_MD_9_2():
    """A bot object playing both seats (as ``bench/bots.py`` does) infers for each seat from
    that seat's own view: a belief learnt for one seat never rewrites the other's own hand,
    so every candidate stays legal in every sample (this once raised IllegalAction)."""
    state = new_deal(seats=2, seed=1)
    bot = make_bot("ismcts:iterations=20", "deal", 1)
    decisions = 0
    while not state.is_over and state.turn < 30:
        seat = state.to_move()[0]
        state.apply(seat, bot.choose(state, seat))
        decisions += 1
    assert set(bot.beliefs) == {0, 1}
    assert decisions > 40


def test_deal_search_compares_the_heuristic_best_three_payments_MD_5_2():
    from tycoon.bots.deal import choose_payment, search_candidates

    heuristic = make_bot("heuristic", "deal", 0)
    found = 0
    for seed in range(40):
        state = new_deal(seats=2, seed=seed)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if state.phase == "pay" and len(legal) >= 4:
                out = search_candidates(state, seat, legal)
                assert len(out) == len(set(out)) == 3 and set(out) <= set(legal)
                assert out[0] == choose_payment(state.view(seat), seat, legal)
                found += 1
            state.apply(seat, heuristic.choose(state, seat))
    assert found > 0


def test_random_with_a_streak_limit_ends_a_deal_turn_without_endless_wild_card_moves_MD_7_2():
    """MD-7.2 makes a wild card's moves free, so they can outnumber every other choice: the
    uniform bot then moves wild cards for dozens of actions before it ends its turn (a person
    watching a lobby's easy bot waited through them). With ``streak=3`` (``easy``), after three
    actions of one kind in a row it takes another kind: over the same 60 games its longest run
    of actions is far shorter, and it plays only legal actions (``play_match`` applies them)."""
    from tycoon.study.match import play_match

    def longest(spec: str) -> int:
        best = 0

        class Runs:
            def start(self, state):
                self.last, self.run = None, 0

            def decision(self, state, seat, action):
                nonlocal best
                self.run = self.run + 1 if seat == self.last else 1
                self.last = seat
                best = max(best, self.run)

            def end(self, state):
                pass

        for seed in range(60):
            play_match("deal", [spec, spec], seed, observer=Runs())
        return best

    uniform, limited = longest("random"), longest("easy")
    assert limited <= 20 < uniform, (limited, uniform)
    with pytest.raises(ValueError, match="streak must be 0"):
        make_bot("random:streak=-1", "deal", 0)
