"""The generic table, for any game without one of its own: the widget (``table.py``),
its view builder (``view.py``), and its front end (``table.js``, ``table.css``)."""
