"""Terra Mystica widgets: views over companion.terra_mystica and companion.session (they render; the rules live in the game package)."""
