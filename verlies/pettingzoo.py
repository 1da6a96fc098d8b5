"""``verlies.pettingzoo.env(players=…)``: verlies as a PettingZoo AEC environment;
``verlies.pettingzoo.parallel_env(players=…)``: its simultaneous-move (Parallel API) view.

Needs ``pip install verlies[pettingzoo]``; see :mod:`verlies.interop.pettingzoo`.
"""

from verlies.interop.pettingzoo import (
    Checked,
    VerliesEnv,
    VerliesParallelEnv,
    env,
    parallel_env,
    raw_env,
    simultaneous_env,
)

__all__ = [
    "Checked",
    "VerliesEnv",
    "VerliesParallelEnv",
    "env",
    "parallel_env",
    "raw_env",
    "simultaneous_env",
]
