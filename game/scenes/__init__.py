"""The menu screens around the tables: title, setup, settings, rules, pause,
curtain, results and the replay viewer.  They use only ``game.ui`` widgets
and the ``game.core`` / ``game.games`` APIs."""
