"""The one table of limits that whatever the app holds keeps, so what it accepts it also saves,
and what it saves it opens again.

The loaders refuse what lies beyond these numbers, the editors and the dice box refuse it before
it is kept, and the saves check them before they write: a dice constant the box takes makes a
total the loader reads, a name a dialog takes is a name the file holds. The map's own limits
(walls, pictures, its file's size) are in `board/limits.py`, which reads its text limits here.
"""

from __future__ import annotations

# -- numbers ---------------------------------------------------------------------------------
# No number in any file the app reads needs more digits than this (coordinates, hit points,
# seeds, dice totals); Python refuses to convert integers past 4300 digits with a message for
# programmers.
MAX_NUMBER_DIGITS = 40
# No format nests deeper than a handful of levels; free-form parts (a log entry's data) are
# held to this so whatever loads also saves (the encoder recurses too).
MAX_NESTING = 32

# -- dice ------------------------------------------------------------------------------------
# A dice expression: at most MAX_DICE dice in all, of MIN_FACES to MAX_FACES faces, each number
# written in it at most MAX_DICE_NUMBER, the whole at most MAX_DICE_EXPRESSION characters. The
# largest total such an expression can make has far fewer than MAX_NUMBER_DIGITS digits, so
# every roll the log keeps is one a file holds (tests/test_file_limits.py proves it).
MAX_DICE = 1000
MIN_FACES = 2
MAX_FACES = 1000
MAX_DICE_NUMBER = 1_000_000
MAX_DICE_EXPRESSION = 200

# -- text, by what it is for -----------------------------------------------------------------
# A name or a short label typed on one line: a creature, a weapon, a status, an action, a side,
# an encounter, a map, a damage type, an id.
MAX_NAME_CHARACTERS = 200
# A paragraph of rules text: a status's description, an action's rule, a weapon's critical
# effect (the longest shipped is a few hundred characters).
MAX_DESCRIPTION_CHARACTERS = 4_000
# The GM's own notes on a creature, a weapon or a declaration: some thirty pages of text.
MAX_NOTES_CHARACTERS = 100_000
# One line of the log. The app writes them from names and rolls (a thousand dice shown one by
# one is some 6,000 characters); a longer line is cut when it is logged, never refused.
MAX_LOG_TEXT_CHARACTERS = 20_000

# -- messages --------------------------------------------------------------------------------
# How much of a value a message repeats: enough to recognise it, never enough to choke a dialog.
EXCERPT_CHARACTERS = 40
# The longest message a loader produces, the file's name included; longer ones are cut.
MAX_MESSAGE_CHARACTERS = 400
