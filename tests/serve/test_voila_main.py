"""The gallery's Voila application (:mod:`cipherkit.serve.voila_main`)."""

from __future__ import annotations

import logging

import pytest

from cipherkit.serve.voila_main import gallery_app


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


def test_the_committed_config_names_the_servers_classes_and_warm_imports() -> None:
    """Every class ``voila.json`` names by its dotted path is there, and the kernel
    manager (as Voila makes it, a subclass) reads its section of the file."""
    import importlib
    import json

    from traitlets.config import Config

    from cipherkit.serve.launcher import CONFIG_DIR
    from cipherkit.serve.manager import GalleryKernelManager

    settings = json.loads((CONFIG_DIR / "voila.json").read_text())
    named = [
        settings["Voila"]["identity_provider_class"],
        settings["Voila"]["kernel_websocket_connection_class"],
        settings["VoilaConfiguration"]["multi_kernel_manager_class"],
        settings["AsyncKernelManager"]["client_class"],
    ]
    for dotted in named:
        module, _, name = dotted.rpartition(".")
        assert isinstance(getattr(importlib.import_module(module), name), type), dotted

    class VoilaKernelManager(GalleryKernelManager):  # as voila_kernel_manager_factory does
        pass

    manager = VoilaKernelManager(config=Config(settings), root_dir="/tmp", spare_kernels=0)
    assert manager.warm_imports == settings["GalleryKernelManager"]["warm_imports"]
    for name in manager.warm_imports:
        importlib.import_module(name)
