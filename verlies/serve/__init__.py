"""Serving the play page to many visitors: the server side (docs/serving.md).

- ``verlies.serve.kernels``: a Jupyter kernel manager with a cap on concurrent kernels
  (Voila's ``VoilaConfiguration.multi_kernel_manager_class`` / the server's
  ``ServerApp.kernel_manager_class``); over the cap a visitor gets the "table is full" page.
- ``verlies.serve.full_page``: that page, in German and English.
- ``verlies.serve.admission``: who may take one more kernel (room kept for tables' links, a
  limit per client on kernels whose page never connected, HTTP 429 with when to retry).
- ``verlies.serve.banner_words``: the words of the page's "connection lost" banner.
- ``verlies.serve.cookie_check``: a browser that keeps no cookies is told why the page
  cannot play (its check cookie and the notice's words).
- ``verlies.serve.machine``: how many kernels this machine holds (memory and cores).
- ``verlies.serve.request``: a preheated kernel's wait for its visitor's query string, and
  the hand-over of the link it names to the kernel's event loop.

The engine never imports this package; it needs the page's extra (``.[ui]``).
"""
