"""Client cookies the server signs, the rate of new ones, the server secret, the kernel
cap from every limit, and a kernel whose start fails (issue #36 item 1)."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import psutil
import pytest

from cipherkit.serve.clients import SECRET_ENV, CookieSigner, TokenBuckets, server_secret
from cipherkit.serve.sizing import server_page_kernels
from tests.serve.kernel_runs import run_async


def test_only_values_the_server_signed_name_a_client() -> None:
    signer = CookieSigner(b"s" * 32)
    value = signer.issue()
    ident = signer.client(value)
    assert ident and value.startswith(ident + ".")
    assert signer.issue() != value  # every cookie is new
    other = CookieSigner(b"t" * 32).issue()
    for forged in (
        "0" * 32,  # what any value used to be
        other,  # signed by another secret
        value[:-1] + ("A" if value[-1] != "A" else "B"),
        ident + "." + "A" * 24,
        value + ".x",
        "." + value.split(".")[1],
        "",
        None,
        "é" * 20,
    ):
        assert signer.client(forged) is None, forged


def test_the_secret_is_private_and_shared_by_servers_given_one_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CIPHERKIT_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(SECRET_ENV, raising=False)
    first = server_secret()
    file = tmp_path / "home" / "serve-secret"
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    assert server_secret() == first  # stable across restarts
    # two servers given one file accept each other's cookies
    shared = tmp_path / "shared-secret"
    monkeypatch.setenv(SECRET_ENV, str(shared))
    one, two = CookieSigner(server_secret()), CookieSigner(server_secret(shared))
    assert two.client(one.issue()) is not None
    assert CookieSigner(first).client(one.issue()) is None


def test_new_cookies_per_address_burst_then_refill() -> None:
    now = [0.0]
    buckets = TokenBuckets(burst=120, rate=2.0, clock=lambda: now[0])
    assert sum(buckets.take("school") for _ in range(200)) == 120  # a class of 60, twice
    assert buckets.take("home")  # another address is not slowed
    now[0] = 5.0
    assert sum(buckets.take("school") for _ in range(50)) == 10
    assert buckets.wait("school") == 1


def test_the_kernel_cap_comes_from_whichever_limit_breaks_first() -> None:
    assert server_page_kernels(243, zmq_sockets=1023, open_files=65536).by == "zeromq sockets"
    assert server_page_kernels(243, zmq_sockets=8192, open_files=1024).by == "file descriptors"
    assert server_page_kernels(40, zmq_sockets=8192, open_files=65536).by == "memory"
    # the old wall: 1,023 ZeroMQ sockets broke below the memory cap of ~170+ kernels
    assert server_page_kernels(243, zmq_sockets=1023, open_files=65536).kernels < 170
    assert server_page_kernels(0, zmq_sockets=10, open_files=10).kernels == 1


def _kernel_children() -> list[Any]:
    out = []
    for child in psutil.Process(os.getpid()).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()) and child.status() != "zombie":
                out.append(child)
        except psutil.Error:
            continue
    return out


def test_a_kernel_whose_start_fails_is_reaped(monkeypatch: pytest.MonkeyPatch) -> None:
    from jupyter_client.manager import AsyncKernelManager

    from cipherkit.serve.spares import SpareKernelManager

    async def fail(self: Any, **kw: Any) -> None:
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(AsyncKernelManager, "_async_post_start_kernel", fail)
    before = {p.pid for p in _kernel_children()}

    async def main() -> None:
        manager = SpareKernelManager(root_dir="/tmp", spare_kernels=0)
        with pytest.raises(OSError):
            await manager.start_kernel(path="")
        assert not manager.list_kernel_ids()
        assert not manager._launching

    run_async(main)
    left = [p for p in _kernel_children() if p.pid not in before]
    _gone, alive = psutil.wait_procs(left, timeout=5)
    assert not alive, "a kernel whose start failed still runs"


def test_only_a_trusted_proxy_names_the_visitors_address() -> None:
    """Behind a trusted proxy the last X-Forwarded-For address (what the proxy saw), else
    X-Real-IP; from any other peer the headers are ignored (issue 44 point 4)."""
    from cipherkit.serve.clients import real_address

    nginx = ["127.0.0.1", "10.1.0.0/16", "::1"]
    spoofed = "6.6.6.6, 192.0.2.7"
    assert real_address("127.0.0.1", spoofed, trusted=nginx) == "192.0.2.7"
    assert real_address("10.1.4.5", " 192.0.2.9 ", trusted=nginx) == "192.0.2.9"
    assert real_address("::1", "2001:db8::5", trusted=nginx) == "2001:db8::5"
    assert real_address("127.0.0.1", None, "192.0.2.8", trusted=nginx) == "192.0.2.8"
    assert real_address("127.0.0.1", "not-an-address", "nor-this", nginx) == "127.0.0.1"
    for peer in ("127.0.0.2", "10.2.0.1", "192.0.2.50"):  # not the proxy: its word is ignored
        assert real_address(peer, spoofed, "6.6.6.6", trusted=nginx) == peer
    assert real_address("127.0.0.1", spoofed) == "127.0.0.1"  # no proxy trusted at all
    assert real_address("unknown", spoofed, trusted=nginx) == "unknown"
