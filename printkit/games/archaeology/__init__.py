"""Archaeology (board edition): card decks, money, board, museum-sale scoring."""
