"""The mission's table and campaign: the widgets (``table.py``, ``campaign.py``), the
view builder (``view.py``), and the front end (``table.js``, ``table.css``)."""
