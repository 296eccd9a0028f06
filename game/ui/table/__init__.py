"""The card table (issue 4): ``TableScreen(app, config)`` plays a game of any of the five.

One idea per module: ``layout`` (geometry), ``scene`` (state to sprites and drop targets),
``render`` (drawing), ``gestures`` (mouse to actions), ``animation`` (card flights),
``worker`` (computer players off the render thread), ``movelog``, ``scoresheet`` (score sheet
and game over), ``moments`` (cover, exact grab, dialogs), ``screen`` (the TableScreen).
"""

from game.ui.table.screen import TableScreen, new_session

__all__ = ["TableScreen", "new_session"]
