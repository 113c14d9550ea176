"""The search bot on a tiny hidden-information game: legality, budget, no peeking."""

from tycoon.bots import RandomBot
from tycoon.bots.ismcts import ISMCTSBot

from .toygame import Play, TricksState


def play_out(state, bots):
    while not state.is_over:
        seat = state.to_move()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    return state.winner


def test_search_bot_picks_only_legal_actions_and_runs_its_iteration_budget():
    for seed in range(15):
        state = TricksState.new(seed)
        bot = ISMCTSBot(seed=seed, iterations=25)
        while not state.is_over:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if seat == 0:
                action = bot.choose(state, 0)
                assert action in legal
                assert bot.last_iterations == (25 if len(legal) > 1 else 0)
            else:
                action = legal[0]
            state.apply(seat, action)


def test_search_bot_time_budget_stops():
    state = TricksState.new(1)
    bot = ISMCTSBot(seed=1, seconds=0.05)
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert bot.last_iterations >= 1


def test_search_bot_is_reproducible_from_its_seed():
    state = TricksState.new(4)
    a = [ISMCTSBot(seed=9, iterations=40).choose(state, 0) for _ in range(3)]
    assert a[0] == a[1] == a[2]


def scrambled(state, seat):
    """The same position as ``seat`` sees it, with the hidden cards dealt differently."""
    other = 1 - seat
    pool = state.hands[other] + state.deck
    pool = pool[::-1]
    twin = state.clone()
    n = len(state.hands[other])
    twin.hands[other] = sorted(pool[:n])
    twin.deck = pool[n:]
    return twin


def test_search_bot_decision_does_not_depend_on_the_hidden_truth():
    for seed in range(20):
        state = TricksState.new(seed)
        twin = scrambled(state, 0)
        assert twin.view(0) == state.view(0)
        assert twin.hands[1] != state.hands[1] or twin.deck != state.deck
        a = ISMCTSBot(seed=seed, iterations=60).choose(state, 0)
        b = ISMCTSBot(seed=seed, iterations=60).choose(twin, 0)
        assert a == b


def test_search_bot_as_follower_takes_the_last_trick_when_it_can():
    # Seat 1 answers a 5 holding 6 and 2; with one trick each, only the 6 wins the game.
    state = TricksState([[], [2, 6]], [1, 3, 4], None, leader=0, table=[5], tricks=[1, 1], turn=3)
    state.hands[0] = []
    from tycoon.engine import Rng

    state.rng = Rng(0)
    assert ISMCTSBot(seed=0, iterations=30).choose(state, 1) == Play(6)


def test_search_bot_beats_random_on_average():
    wins = 0
    games = 120
    for g in range(games):
        me = g % 2
        bots = {me: ISMCTSBot(seed=g, iterations=40), 1 - me: RandomBot(g)}
        wins += play_out(TricksState.new(g), bots) == me
    assert wins / games > 0.5


def test_paired_choice_keeps_the_favourite_unless_clearly_beaten():
    bot = ISMCTSBot(paired=True)
    rounds = [[0.5, 0.6, 0.4], [0.5, 0.7, 0.5]]  # action 1 is better by 0.1 and 0.2
    assert bot._paired_choice(rounds, 3) == 1
    bot.z = 1.0  # mean 0.15, standard error 0.05: 3 standard errors
    assert bot._paired_choice(rounds, 3) == 1
    noisy = [[0.5, 0.8, 0.5], [0.5, 0.3, 0.5]]  # mean +0.05, standard error 0.25
    assert bot._paired_choice(noisy, 3) == 0
    bot.z = 0.0
    assert bot._paired_choice(noisy, 3) == 1
    assert bot._paired_choice([[1.0, 1.0]], 2) == 0  # a tie keeps the favourite
    assert bot._paired_choice([[0.2]], 2) == 0  # no complete round: the favourite


def test_paired_search_runs_whole_rounds_on_the_toy_game():
    state = TricksState.new(3)
    bot = ISMCTSBot(seed=1, iterations=30, paired=True, z=1.0)
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert bot.last_iterations == 30


def test_paired_search_reports_each_root_action_mean_reward():
    """``last_values``: every root action with its mean over the whole rounds (a partial
    last round is left out), so a study can fit a policy to the search's judgement."""
    state = TricksState([[1, 2, 3, 4, 5], [6, 7]], [8, 9], None)
    legal = state.legal_actions(0)

    def iterate(det, root, seat, seats, first_action=None, rng=None):
        return first_action.card / 10

    bot = ISMCTSBot(seed=1, iterations=12, paired=True)  # 2 rounds of 5, then 2 of a third
    bot._iterate = iterate
    assert bot.search(state, 0, legal) == Play(5)
    assert bot.last_values == [(Play(c), c / 10) for c in range(1, 6)]
    assert bot.choose(TricksState([[1], [6]], [8, 9], None), 0) == Play(1)
    assert bot.last_values == []  # one legal action: nothing searched
    halving = ISMCTSBot(seed=1, iterations=12, paired=True, halving=True)
    halving._iterate = iterate
    halving._choose(state, 0)
    assert halving.last_values == []  # unequal rounds: not reported


def test_halving_spends_the_rounds_on_the_better_half_of_the_root_actions():
    """Sequential halving: the worst root actions drop out after the first phase, the best
    one is tried most and chosen, and the whole budget is spent in whole rounds."""
    state = TricksState([[1, 2, 3, 4, 5], [6, 7]], [8, 9], None)
    legal = state.legal_actions(0)
    tried: dict[Play, int] = dict.fromkeys(legal, 0)

    def iterate(det, root, seat, seats, first_action=None, rng=None):
        tried[first_action] += 1
        return first_action.card / 10  # a higher card is better, every time

    bot = ISMCTSBot(seed=1, iterations=60, paired=True, halving=True)
    bot._iterate = iterate
    assert bot.search(state, 0, legal) == Play(5)
    # 5 actions, 3 phases of a third of what is left: 4 rounds of 5, 6 of the best 3,
    # then 11 of the best 2
    assert [tried[Play(c)] for c in range(1, 6)] == [4, 4, 10, 21, 21]
    assert bot.last_iterations == sum(tried.values()) == 60


def test_halving_never_spends_more_than_a_budget_too_small_for_a_round():
    """With fewer iterations than root actions, the phases that cannot afford a round pass
    the game's first actions on (in the order the game listed them), and no more than the
    budget is spent (a partial round would compare nothing)."""
    state = TricksState([[1, 2, 3, 4, 5], [6, 7]], [8, 9], None)
    legal = state.legal_actions(0)
    tried: dict[Play, int] = dict.fromkeys(legal, 0)

    def iterate(det, root, seat, seats, first_action=None, rng=None):
        tried[first_action] += 1
        return first_action.card / 10

    bot = ISMCTSBot(seed=1, iterations=4, paired=True, halving=True)
    bot._iterate = iterate
    # phase 1 has no round for 5 actions: 1, 2, 3 go on; one round of them; 2 and 3 go on,
    # and the one iteration left cannot pay for a round of two
    assert bot.search(state, 0, legal) == Play(3)
    assert [tried[Play(c)] for c in range(1, 6)] == [1, 1, 1, 0, 0]
    assert bot.last_iterations == 3


def test_an_opponent_model_plays_the_other_seats_without_branching():
    calls = []

    def lowest(state, seat, legal, rng):
        calls.append(seat)
        return min(legal, key=lambda a: a.card)

    state = TricksState.new(2)
    bot = ISMCTSBot(seed=2, iterations=40, opponent=lowest)
    assert bot.choose(state, 0) in state.legal_actions(0)
    assert bot.last_iterations == 40
    assert calls and set(calls) == {1}  # only the other seat, in the tree and in playouts


def test_own_later_decisions_follow_their_policy_and_the_tree_is_the_root_alone():
    """With ``own``, the searching seat's decisions below the root are played by that policy
    (the seat 0 of the toy game plays three cards a game): the search compares its root
    actions, each followed by the policy, and grows no deeper tree."""
    calls = []

    def highest(state, seat, legal, rng):
        calls.append(seat)
        return max(legal, key=lambda a: a.card)

    def lowest(state, seat, legal, rng):
        return min(legal, key=lambda a: a.card)

    class Spy(ISMCTSBot):
        def _iterate(self, det, root, *args, **kwargs):
            self.root = root
            return super()._iterate(det, root, *args, **kwargs)

    state = TricksState.new(5)
    for paired in (False, True):
        calls.clear()
        bot = Spy(seed=3, iterations=30, opponent=lowest, own=highest, paired=paired)
        assert bot.choose(state, 0) in state.legal_actions(0)
        assert bot.last_iterations == 30
        assert calls and set(calls) == {0}
        children = bot.root.children.values()
        assert children and all(not child.children for child in children)
