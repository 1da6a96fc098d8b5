"""``import verlies.openspiel`` registers the OpenSpiel game ``python_verlies``.

Needs ``pip install verlies[openspiel]``; see :mod:`verlies.interop.openspiel`.
"""

from verlies.interop.openspiel import GAME_TYPE, VerliesGame, VerliesObserver, VerliesState

__all__ = ["GAME_TYPE", "VerliesGame", "VerliesObserver", "VerliesState"]
