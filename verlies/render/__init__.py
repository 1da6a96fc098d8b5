"""Pictures of cards and dungeons: SVG strings (``svg``) and printable sheets (``sheets``).

The SVG functions import no widget or drawing library; ``sheets`` needs CairoSVG and imports it
only when called.
"""

from verlies.render.svg import board_svg, card_svg, card_text, tile_svg, wrap

__all__ = ["board_svg", "card_svg", "card_text", "tile_svg", "wrap"]
