"""The rules core: games on one protocol (see game/core.py). No pygame, no clock, no files.

Every game is registered here, explicitly. A game joins the arcade, the headless commands and
the conformance tests by being listed in GAMES.
"""

from . import fliegen_klatschen, flixo, flotte_flitzer, flotter_otter, formula_fun

# In the order the select screen shows them: the two real-time games, the two races, then
# the cooperative one.
GAMES = {module.INFO.id: module.INFO for module in (flotter_otter, fliegen_klatschen,
                                                       flotte_flitzer, formula_fun, flixo)}
