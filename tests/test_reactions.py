"""game/reactions.py: the one record and the one summary of reaction times."""


def test_reactions_have_one_summary_over_the_correct_ones():
    from game.reactions import Reaction, summary

    s = summary([Reaction(0, "slap", 300), Reaction(0, "slap", 200, False),
                 Reaction(0, "slap", 250)])
    assert s == (3, 2, 275.0, 250)
    assert summary([(210.0, True)]) == (1, 1, 210.0, 210.0)
    assert summary([]) == (0, 0, None, None)
