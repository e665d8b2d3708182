"""The kernel template: real kernels forked from a warm process (cipherkit.serve.forkprov).

Each test starts a real template and real ipykernel kernels through jupyter_client's
AsyncKernelManager with the ``cipherkit-fork`` provisioner, as Voila does."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import Iterator
from typing import Any

import psutil
import pytest
from jupyter_client.provisioning import KernelProvisionerFactory

from cipherkit.serve import forkprov
from tests.serve.kernel_runs import run, run_async, start, stop


@pytest.fixture
def fork_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[forkprov.Template]:
    """The fork provisioner as the default, with a template of the test's own."""
    monkeypatch.setenv(forkprov.KERNELS_ENV, "fork")
    factory = KernelProvisionerFactory.instance()
    before = factory.default_provisioner_name
    shared = forkprov.Template()
    monkeypatch.setattr(forkprov, "_TEMPLATE", shared)
    assert forkprov.install()
    factory.default_provisioner_name = forkprov.PROVISIONER
    try:
        assert shared.ensure(), "the template did not start"
        yield shared
    finally:
        factory.default_provisioner_name = before
        os.environ.pop("JUPYTER_DEFAULT_PROVISIONER_NAME", None)
        shared.stop()


def test_kernels_are_forked_from_the_template_and_reseeded(fork_default: forkprov.Template) -> None:
    async def main() -> None:
        (km1, kc1), (km2, kc2) = await start(), await start()
        try:
            for km in (km1, km2):
                assert isinstance(km.provisioner, forkprov.ForkProvisioner)
                kernel = psutil.Process(km.provisioner.pid)
                assert kernel.ppid() == fork_default.pid  # the template's child
                assert "ipykernel_launcher" in " ".join(kernel.cmdline())  # its own title
            # imports done in the template: cipherkit's widgets are there already
            assert await run(kc1, "import sys; print('cipherkit.widgets' in sys.modules)") == "True"
            # every kernel has its own random streams
            code = "import random, numpy; print(random.random(), numpy.random.random())"
            assert await run(kc1, code) != await run(kc2, code)
            # no history database: a kernel neither opens nor writes the shared SQLite file
            code = "hm = get_ipython().history_manager; print(hm.enabled, type(hm.db).__name__)"
            assert await run(kc1, code) == "False DummyDB"
            assert fork_default.forks == 2
        finally:
            await stop(km1, kc1)
            await stop(km2, kc2)

    run_async(main)


def test_a_dead_template_leaves_its_kernels_running_and_kernels_start_the_ordinary_way(
    fork_default: forkprov.Template, caplog: pytest.LogCaptureFixture
) -> None:
    async def main() -> None:
        km1, kc1 = await start()
        try:
            template_pid = fork_default.pid
            assert template_pid is not None
            os.kill(template_pid, signal.SIGKILL)
            deadline = time.monotonic() + 20
            while fork_default.alive() and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            assert not fork_default.alive()
            # The log says so at once, before any kernel is asked for.
            while not any("has died" in r.getMessage() for r in caplog.records):
                assert time.monotonic() < deadline, "the log does not say the template died"
                await asyncio.sleep(0.1)
            # The forked kernel outlives its template (it watches the server instead).
            await asyncio.sleep(2.5)
            assert await run(kc1, "print(6 * 7)") == "42"
            with caplog.at_level(logging.WARNING):
                km2, kc2 = await start()
            try:
                kernel = psutil.Process(km2.provisioner.pid)
                assert kernel.ppid() == os.getpid()  # an ordinary kernel, our own child
                assert await run(kc2, "print('ok')") == "ok"
            finally:
                await stop(km2, kc2)
            assert any("has died" in r.getMessage() for r in caplog.records)
        finally:
            await stop(km1, kc1)

    run_async(main)


def test_plain_kernels_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(forkprov.KERNELS_ENV, "plain")
    monkeypatch.delenv("JUPYTER_DEFAULT_PROVISIONER_NAME", raising=False)
    assert forkprov.install() is False
    assert "JUPYTER_DEFAULT_PROVISIONER_NAME" not in os.environ


def test_the_template_refuses_what_is_not_a_kernel(fork_default: forkprov.Template) -> None:
    with pytest.raises(OSError, match="starts only ipykernel_launcher"):
        fork_default.fork(["python", "-m", "http.server"], {}, None)
    assert not forkprov.forkable(["python", "-c", "print(1)"])
    assert forkprov.forkable(["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "k.json"])


def test_a_forked_kernel_answers_the_widgets_control_comm(
    fork_default: forkprov.Template,
) -> None:
    """ipywidgets was imported in the template, before any kernel: each forked kernel
    still registers the widget comm targets, so a page can ask for its widgets' state."""

    async def main() -> None:
        km, kc = await start()
        try:
            code = (
                "import comm; m = comm.get_comm_manager(); "
                "print(sorted(t for t in m.targets if t.startswith('jupyter.widget')))"
            )
            assert await run(kc, code) == "['jupyter.widget', 'jupyter.widget.control']"
        finally:
            await stop(km, kc)

    run_async(main)


def test_the_template_ends_when_the_process_that_started_it_has_gone(tmp_path: Any) -> None:
    """A server stopped by a signal to it alone does not leave its template running."""
    import subprocess
    import sys

    sock = tmp_path / "template.sock"
    starter = (
        "import subprocess, sys\n"
        "p = subprocess.Popen([sys.executable, '-m', 'cipherkit.serve.forkserver',"
        f" {str(sock)!r}], stdout=subprocess.PIPE)\n"
        "print(p.stdout.readline().decode().strip(), p.pid, flush=True)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", starter], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert "ready" in out
    template = int(out.split()[-1])
    deadline = time.monotonic() + 30
    while True:
        try:
            if psutil.Process(template).status() == psutil.STATUS_ZOMBIE:
                break
        except psutil.NoSuchProcess:
            break
        assert time.monotonic() < deadline, "the template outlived the process that started it"
        time.sleep(0.2)
