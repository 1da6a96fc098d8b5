"""``verlies.pettingzoo.env(players=…)``: verlies as a PettingZoo AEC environment.

Needs ``pip install verlies[pettingzoo]``; see :mod:`verlies.interop.pettingzoo`.
"""

from verlies.interop.pettingzoo import VerliesEnv, env, raw_env

__all__ = ["VerliesEnv", "env", "raw_env"]
