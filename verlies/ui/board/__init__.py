"""The board on the play page: ``board_view`` (the ipycanvas board), its sprites, canvas
helpers and tile painting (``*_view``, widgets), and widget-free geometry (``viewport``,
``layout``) and text for screen readers (``board_text``).
"""
