from game.core.agents import RandomAgent


def make_agent(level, player, rng):
    return RandomAgent(player, rng, interject_rate=0.2)
