"""The designer's workspace (issue 38 item 3): the working draft, the results computed for
it and the page's place, kept in the playtest store as they change and given back after a
reload, a resume link (``?ws=<id>``) or a dead kernel.

``model`` decides without widgets (what is kept, when it is written, what comes back and
whether each result is still of the draft); ``fields`` checks a stored field as it is read
back; ``sweep_kept`` keeps and reads back a Deck-tab sweep's figures;
``workspace_view`` wires it into the play page.
"""
