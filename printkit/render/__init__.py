"""Rendering: reportlab faces and sheets, weasyprint documents, icons."""
