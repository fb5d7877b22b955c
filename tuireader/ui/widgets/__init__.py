"""Widgets of the reader."""
