"""ipycanvas helpers: the ONE place that holds the ipycanvas-in-Voila workaround.

Why this module exists (ipycanvas 0.14.3, reproduced; upstream ipycanvas #322, Voila #1447):

1. Draw commands sent while the notebook executes are lost in Voila, because the canvas
   model keeps no state. Drawing has to happen when the browser view reports
   ``client_ready``. In 0.14.3 that alone is not enough: the kernel-side canvas manager
   still believes the canvas is "current" and does not re-send its ``switchCanvas``
   command, so the browser fails with "Cannot read properties of undefined (reading
   'clearCanvas')". Resetting the private ``_current_canvas`` before each drawing fixes it.
2. Inside a VBox the canvas gets stretched (and mouse coordinates come back scaled) unless
   its CSS size equals its pixel size.
3. ``hold_canvas()`` is not exception safe: a drawing that raises leaves the shared canvas
   manager caching forever (every later command is held back). :func:`batch` restores it.

Everything touching private attributes stays here, and the browser tests check it.
Every canvas of the UI (the board layers and the hidden tile sprites) draws through
:func:`redraw`, and registers its drawing with :func:`on_ready_redraw` so that a browser
that connects later (Voila renders the page after the notebook ran) gets it again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ipycanvas import Canvas, hold_canvas

DrawFunction = Callable[[Any], None]


def pin_css_size(canvas: Any) -> None:
    """Make the CSS size equal to the pixel size (no stretching, exact mouse coordinates)."""
    canvas.layout.width = f"{canvas.width}px"
    canvas.layout.height = f"{canvas.height}px"
    canvas.layout.min_width = f"{canvas.width}px"
    canvas.layout.flex = "0 0 auto"


def _manager(canvas: Any) -> Any:
    return canvas._canvas_manager


@contextmanager
def batch(canvas: Any) -> Iterator[None]:
    """``hold_canvas()`` that leaves the shared manager usable if the drawing raises."""
    manager = _manager(canvas)
    was_caching = manager._caching
    try:
        with hold_canvas():
            yield
    except BaseException:
        # Drop the half-built batch and stop caching (hold_canvas skipped both).
        if not was_caching:
            manager._commands_cache = []
            manager._buffers_cache = []
            manager._caching = False
        manager._current_canvas = None
        raise


def redraw(canvas: Any, draw: DrawFunction) -> None:
    """Run ``draw(canvas)`` now, batched into one message, with the manager reset."""
    # Private attribute, see the module docstring: forces the switchCanvas command.
    _manager(canvas)._current_canvas = None
    with batch(canvas):
        draw(canvas)


def on_ready_redraw(canvas: Any, draw: DrawFunction) -> Callable[[], None]:
    """Draw ``canvas`` with ``draw`` whenever a browser view of it becomes ready.

    Also pins the CSS size to the pixel size. Returns a zero-argument function that redraws
    on demand (call it after the state behind the drawing changed).
    """
    pin_css_size(canvas)

    def _redraw() -> None:
        redraw(canvas, draw)

    canvas.on_client_ready(_redraw)
    return _redraw


def on_ready(canvas: Canvas, callback: Callable[[], None]) -> None:
    """Call ``callback`` (which draws through :func:`redraw`) when a browser client of
    ``canvas`` is ready. For canvases that are never shown (sprites) or whose drawing is
    composed elsewhere."""
    canvas.on_client_ready(callback)
