"""Archaeologia: strata tiles, tools, cards, boards and aids (print-and-play kit)."""
