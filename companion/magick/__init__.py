"""Merchants of Magick: sheet data, rules engine, scoring, odds, bots and records.

Modules
-------
- :mod:`companion.magick.sheet`    the player sheet as validated data (default: a labelled reconstruction).
- :mod:`companion.magick.dice`     the shared roll; which die may fill which circle, for how many potions.
- :mod:`companion.magick.orders`   order cards (typed in, or a generated deck that is not the printed one),
  sponsored adventurers, mastery cards, setup choices.
- :mod:`companion.magick.engine`   new_game / legal_actions / apply_action / score for 1-8 players.
- :mod:`companion.magick.scoring`  table-side gold per part, totals and winners (ties shared).
- :mod:`companion.magick.odds`     exact fill probabilities (fractions) and ranked placements with reasons.
- :mod:`companion.magick.bots`     random and greedy bots.
- :mod:`companion.magick.record`   JSON-lines game records: write, read, replay.
- :mod:`companion.magick.cli`      ``companion magick score | odds | check-sheet | replay | simulate``.
- :mod:`companion.magick.game`     the game through the common protocol (:mod:`companion.protocol`).

Choices where the rules summary is silent (each documented in its module and tested)
------------------------------------------------------------------------------------
- Players start with 0 potions (the setup hands none out); the potion supply is treated as unlimited.
- 3 orders per player at every player count.
- A die may not go below 1 or above 12; it may pass its own top face (a d6 can become 7 or 8), as a sheet
  flag (``die_adjustment.past_top_face``) that a user sheet can turn off.
- Mastery cards ask for N filled circles in one column (material 6, energy 8; the apprentice side the
  same N); players reaching it in the same mastery phase all get 8 gold, later players 4.
- Solo order market: each round the leftmost unfinished order leaves the game, the rest slide left and a
  new order comes face down on the right.
- The 10th round ends after its mastery phase (its customer phase cannot change any gold).
"""
