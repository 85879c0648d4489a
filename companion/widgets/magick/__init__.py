"""Merchants of Magick widgets: views over companion.magick and companion.session (they render; the rules live in the game package)."""
