"""Archéo: a cooperative children's dig through four layers — shovel cards, tiles, tokens, fossil boards, the paper dig site."""
