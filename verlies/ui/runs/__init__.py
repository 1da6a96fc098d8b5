"""The page's background runs: ``run_model`` (a run on a worker thread or the shared
process pool, no widgets) and ``panel_view`` (the run panels' progress row and look).
Files ending in ``_view`` hold widgets; the others have none.
"""
