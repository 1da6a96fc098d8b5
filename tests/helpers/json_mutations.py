"""Seeded mutations of a good JSON value, for the fuzz tests of kept state: a place given a
hostile value (a huge number, a float that is not finite, deep nesting, a wrong type, a
long string) or taken out, a list made one longer, or the text cut."""

from __future__ import annotations

import json
import random
from typing import Any


def paths(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (the root's parts, not the root)."""
    out = []
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for k, v in items:
        out.append((*at, k))
        out.extend(paths(v, (*at, k)))
    return out


#: What a mutation puts at a place: a huge number, a float that is not finite, deep
#: nesting, a wrong type, a long string.
HOSTILE: list[Any] = [
    10**400,
    -(10**30),
    1e308,
    float("inf"),
    float("nan"),
    json.loads("[" * 300 + "]" * 300),
    json.loads('{"a":' * 300 + "1" + "}" * 300),
    "x" * 200_000,
    "",
    None,
    True,
    [],
    {},
    -1,
    2.5,
]


def mutated(good: Any, n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` seeded mutations of ``good`` as JSON text: a place given a hostile value or
    taken out, or the text cut."""
    rng = random.Random(seed)
    places = paths(good)
    out = []
    for i in range(n):
        data = json.loads(json.dumps(good))
        path = rng.choice(places)
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        how = rng.randrange(len(HOSTILE) + 2)
        if how < len(HOSTILE):
            parent[path[-1]] = HOSTILE[how]
            what = f"{'.'.join(map(str, path))} = {str(HOSTILE[how])[:12]}"
        elif isinstance(parent, dict):
            del parent[path[-1]]
            what = f"{'.'.join(map(str, path))} taken out"
        else:
            parent.append(parent[path[-1]])
            what = f"{'.'.join(map(str, path[:-1]))} one longer"
        text = json.dumps(data)
        if how == len(HOSTILE) + 1 and rng.randrange(2):
            text, what = text[: rng.randrange(len(text))], "cut"
        out.append((f"mutation {i}: {what}", text))
    return out
