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
   Nested, it sends the outer batch's commands so far when the inner one ends: :func:`redraw`
   inside a batch joins it instead (one message).

4. Every canvas model sends ``client_ready`` when a browser creates it: for a hidden sprite
   that is a round trip (and a busy/idle status pair) per sprite made. Sprites are made with
   :func:`hidden_canvas` (private trait ``_send_client_ready_event`` off) and drawn again by
   the board when its own (shown) canvases report ``client_ready``.

Everything touching private attributes stays here, and the browser tests check it.
Every canvas of the UI (the board layers and the hidden sprites) draws through
:func:`redraw`; the board's layers register their drawing with ``on_client_ready`` so that a
browser that connects later (Voila renders the page after the notebook ran) gets it again,
sprites included.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ipycanvas import Canvas, MultiCanvas, hold_canvas
from ipywidgets import Layout

#: Draws on the canvas it is given (a canvas made by ipycanvas, which has no type hints).
DrawFunction = Callable[[Canvas], None]


def pin_css_size(canvas: Canvas | MultiCanvas) -> None:
    """Make the CSS size equal to the pixel size (no stretching, exact mouse coordinates)."""
    canvas.layout.width = f"{canvas.width}px"
    canvas.layout.height = f"{canvas.height}px"
    canvas.layout.min_width = f"{canvas.width}px"
    canvas.layout.flex = "0 0 auto"


def _manager(canvas: Canvas) -> Any:  # ipycanvas's private canvas manager
    return canvas._canvas_manager


@contextmanager
def batch(canvas: Canvas) -> Iterator[None]:
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


def redraw(canvas: Canvas, draw: DrawFunction) -> None:
    """Run ``draw(canvas)`` now, batched into one message, with the manager reset.

    Inside a batch already (a sprite made while the board draws) the commands join that
    batch: ``hold_canvas()`` nested would send the outer batch's half at its end."""
    manager = _manager(canvas)
    # Private attribute, see the module docstring: forces the switchCanvas command.
    manager._current_canvas = None
    if manager._caching:
        draw(canvas)
        return
    with batch(canvas):
        draw(canvas)
    hand_over_output()


def hand_over_output() -> None:
    """Let the kernel send what was just drawn, now.

    ipykernel sends its messages from a background thread. While a handler runs, that
    thread waits for the interpreter lock, by default up to 5 ms (``sys.getswitchinterval``),
    so a drawing made early in a handler would leave only when the handler ends. A short
    sleep releases the lock and the drawing goes out at once, before the panels are built.
    """
    time.sleep(HAND_OVER_S)


#: How long :func:`hand_over_output` sleeps (s): long enough for the output thread to take
#: the lock and pass one message to ZeroMQ.
HAND_OVER_S = 0.0002


def on_ready_redraw(canvas: Canvas, draw: DrawFunction) -> Callable[[], None]:
    """Draw ``canvas`` with ``draw`` whenever a browser view of it becomes ready.

    Also pins the CSS size to the pixel size. Returns a zero-argument function that redraws
    on demand (call it after the state behind the drawing changed).
    """
    pin_css_size(canvas)

    def _redraw() -> None:
        redraw(canvas, draw)

    canvas.on_client_ready(_redraw)
    return _redraw


def hidden_canvas(width: int, height: int, layout: Layout) -> Canvas:
    """A canvas that is never shown (a sprite), without the "client ready" message its view
    model would send the kernel when a browser creates it (a round trip, and a busy/idle
    status pair, for nothing). Whoever draws with it must draw it again when a browser
    connects: the board does (``SpriteCache.redraw_all``) when its own canvases are ready.
    Private trait of ipycanvas 0.14 (``_send_client_ready_event``), kept in this module."""
    return Canvas(width=width, height=height, layout=layout, _send_client_ready_event=False)
