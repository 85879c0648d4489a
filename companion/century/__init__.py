"""Century: Golem Edition: card data, rules engine, scoring, records, bots and simulations.

The public API is re-exported here (see each module's docstring for its summary):

- ``cards``: ``load_cards``, ``COLOURS``, ``Crystals``, ``MerchantCard``, ``GolemCard``
- ``state``: ``State``, ``MAIN``, ``DISCARD``, ``end_threshold``, ``chance_pending``, ``coin_for_position``
- ``actions``: ``PlayCard``, ``Acquire``, ``Rest``, ``Claim``, ``Discard``, ``RevealMerchant``, ``RevealGolem``,
  ``action_text``, ``parse_action``
- ``engine``: ``new_game``, ``to_move``, ``legal_actions``, ``apply_action``, ``sample_action``,
  ``resolve_chance``, ``is_terminal``, ``score``, ``CHANCE``
- ``scoring``: ``PlayerTally``, ``score_table``, ``parse_table``, ``TableScore``, ``ScoreLine``
- ``game``: the game through the common protocol (:mod:`companion.protocol`; ``companion.games``)
"""

from companion.century.actions import (
    Acquire,
    Claim,
    Discard,
    PlayCard,
    Rest,
    RevealGolem,
    RevealMerchant,
    action_text,
    parse_action,
)
from companion.century.cards import COLOURS, Crystals, GolemCard, MerchantCard, load_cards
from companion.century.engine import (
    CHANCE,
    apply_action,
    is_terminal,
    legal_actions,
    new_game,
    resolve_chance,
    sample_action,
    score,
    to_move,
)
from companion.century.scoring import PlayerTally, ScoreLine, TableScore, parse_table, score_table
from companion.century.state import DISCARD, MAIN, State, chance_pending, coin_for_position, end_threshold

__all__ = [
    "Acquire", "Claim", "Discard", "PlayCard", "Rest", "RevealGolem", "RevealMerchant", "action_text",
    "parse_action", "COLOURS", "Crystals", "GolemCard", "MerchantCard", "load_cards", "CHANCE", "apply_action",
    "is_terminal", "legal_actions", "new_game", "resolve_chance", "sample_action", "score", "to_move",
    "PlayerTally", "ScoreLine", "TableScore", "parse_table", "score_table", "DISCARD", "MAIN", "State",
    "chance_pending", "coin_for_position", "end_threshold",
]
