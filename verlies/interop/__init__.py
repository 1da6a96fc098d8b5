"""verlies for game-AI tools: a fixed action and observation encoding, and adapters.

* :mod:`verlies.interop.encoding`: action indices, chance outcome ids, observation arrays
  (needs numpy: ``pip install verlies[openspiel]`` or ``verlies[pettingzoo]``).
* :mod:`verlies.interop.openspiel`: the OpenSpiel game ``python_verlies`` (also
  ``import verlies.openspiel``).
* :mod:`verlies.interop.pettingzoo`: an AEC environment (also ``verlies.pettingzoo.env``)
  and its parallel view (``verlies.pettingzoo.parallel_env``; the PettingZoo module
  :mod:`verlies.interop.pettingzoo_simultaneous`).

The search bot (``verlies.sim.search``) needs none of this: only the engine.
See docs/ai.md.
"""
