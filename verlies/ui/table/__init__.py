"""Shared tables (issue 23): one visitor's seat (``table_model``), the page's session
while it plays a seat (``table_session``) and the table bar (``table_view``, widgets).
"""
