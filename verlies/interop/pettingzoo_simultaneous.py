"""The simultaneous-move view of verlies as a PettingZoo environment module.

``env`` is the AEC form in which every live agent steps once a cycle (PettingZoo's
``parallel_to_aec`` of the parallel view), ``parallel_env`` the Parallel API form
(:class:`verlies.interop.pettingzoo.VerliesParallelEnv`), ``raw_env`` the AEC form without
PettingZoo's order checks: the three names PettingZoo's environment modules offer (and
its ``max_cycles_test`` reads). A cycle is one decision of the one seat that decides now;
the turn-based AEC environment, where only that seat is selected, is
``verlies.pettingzoo.env``. See docs/ai.md.

>>> import verlies.interop.pettingzoo_simultaneous as sim
>>> par = sim.parallel_env(players=2, max_cycles=3)
>>> obs, infos = par.reset(seed=1)
>>> sorted(a for a in par.agents if obs[a]["action_mask"].any())
['player_0']
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils.conversions import parallel_to_aec_wrapper

from verlies.interop.pettingzoo import VerliesParallelEnv, parallel_env, simultaneous_env

__all__ = ["env", "parallel_env", "raw_env"]

env = simultaneous_env


def raw_env(**kwargs: Any) -> Any:
    """The cycle AEC form without PettingZoo's order checks."""
    return parallel_to_aec_wrapper(VerliesParallelEnv(**kwargs))
