"""What a page sends a widget, delivered the way ipywidgets delivers it, and what every
live widget syncs to the page, as text to search for leaks."""

from __future__ import annotations

import warnings
from typing import Any

import ipywidgets

from tests.widgets.leaks import as_text


def page_message(widget: Any, content: Any, buffers: list[bytes] | None = None) -> None:
    """Deliver a custom message the way ipywidgets does for the page's ``model.send``."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": buffers or []}
    )


def page_update(widget: Any, state: dict[str, Any]) -> None:
    """Deliver a trait update the way ipywidgets does for the page's ``save_changes``."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def all_synced_state() -> str:
    """The synced state of every live widget, as text (what ``request_states`` returns)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = ipywidgets.Widget.widgets
    return as_text({model_id: w.get_state() for model_id, w in list(registry.items())})


def synced_data() -> str:
    """Every live widget's synced state except its (static) front-end files, whose
    words ("-apple-system" in a font list) would raise false alarms."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = ipywidgets.Widget.widgets
    states = {}
    for model_id, widget in list(registry.items()):
        state = widget.get_state()
        state.pop("_esm", None), state.pop("_css", None)
        states[model_id] = state
    return as_text(states)
