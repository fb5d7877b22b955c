"""Screens of the reader."""
