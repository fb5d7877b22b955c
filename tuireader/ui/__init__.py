"""The Textual user interface: app, screens, widgets and messages.

Nothing in the core imports this package; it only turns core data into things on screen
and user intent into calls on the core.
"""
