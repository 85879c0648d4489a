"""Merchants of Magick."""
