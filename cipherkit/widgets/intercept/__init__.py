"""Intercept's table: the widget (``table.py``), its view builder (``view.py``), and its
front end (``table.js``, ``table.css``)."""
