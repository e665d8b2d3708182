"""The gallery's Voila application (:mod:`cipherkit.publish.voila_main`)."""

from __future__ import annotations

import logging

import pytest

from cipherkit.publish.voila_main import gallery_app


@pytest.mark.parametrize(("level", "debug"), [(logging.INFO, False), (logging.DEBUG, True)])
def test_the_servers_log_makes_no_message_below_its_level(level: int, debug: bool) -> None:
    app = gallery_app()(log_level=level)
    app._configure_logging()
    assert app.log.name == "Voila"
    assert app.log.isEnabledFor(logging.DEBUG) is debug
    assert app.log.isEnabledFor(logging.INFO)


def test_an_added_log_handler_still_gets_what_it_asks_for() -> None:
    handler = {"class": "logging.NullHandler", "level": "DEBUG"}
    config = {"handlers": {"spare": handler}, "loggers": {"Voila": {"handlers": ["spare"]}}}
    app = gallery_app()(log_level=logging.INFO, logging_config=config)
    app._configure_logging()
    assert app.log.isEnabledFor(logging.DEBUG)
