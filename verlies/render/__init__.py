"""Pictures of cards and dungeons: one drawing description (``shapes``), drawn as SVG strings
(``svg``) and as canvas commands (``canvas``), and printable sheets (``sheets``).

None of them imports a widget or drawing library; ``sheets`` needs CairoSVG and imports it
only when called.
"""

from verlies.render.svg import board_svg, card_svg, card_text, tile_svg, wrap

__all__ = ["board_svg", "card_svg", "card_text", "tile_svg", "wrap"]
