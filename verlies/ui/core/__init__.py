"""The page's foundation, shared by every room: no widgets here.

``words`` (the page's words in a language), ``theme`` (the page's one stylesheet),
``said`` (a message kept as words to make), ``session`` (a game and who plays each seat),
``describe`` (what the page says about a game), ``share`` (links and exports) and
``page_model`` (what the play page shows, as typed values). A room imports from here,
never the other way round.
"""
