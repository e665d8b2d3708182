"""Past one machine: Debian's nginx in front of two gallery servers on one PostgreSQL.

nginx runs as this test's own process (``master_process off``, a configuration, pid file,
logs and temporary folders in the test's folder, a free port: no system service, no port
80) and balances two servers (what ``cipherkit serve`` runs) that share a throwaway
PostgreSQL database as their rooms' store. Stickiness is by cookie, as docs/deploy.md
describes: a browser without the proxy's ``ck_server`` cookie goes to the next server in
turn and gets the cookie naming the server that answered; every later request of that
browser (its pages' kernel websockets, its shutdown calls, a reload) goes there.

Four browsers join one Intercept room of the Play together page through the proxy, are
served by both servers, play the room to its end (each page shows the others' moves:
LISTEN/NOTIFY between the servers), and a reload through the proxy resumes each seat.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cipherkit.rooms import open_store
from cipherkit.serve.launcher import STORE_ENV
from tests.browser.conftest import SEED, Server
from tests.browser.gallery_servers import NO_LESSON_PREHEAT, start_gallery_server
from tests.browser.intercept_page import CANDIDATES, TABLE, InterceptSeat
from tests.servers import free_port, stop_process_groups, wait_until_up

pytestmark = pytest.mark.browser

NGINX = Path("/usr/sbin/nginx")
SERVER_COOKIE = "ck_server"

# The proxy of docs/deploy.md ("Several gallery servers behind nginx"), as a test
# process: the same http block, with paths and ports filled in.
NGINX_CONF = """\
daemon off;
master_process off;
pid {run}/nginx.pid;
error_log {run}/error.log notice;
events {{ worker_connections 512; }}
http {{
    log_format gallery '$remote_addr "$request" $status up=$upstream_addr '
                       'cookie=$cookie_{cookie} served=$gallery_served_by';
    access_log {run}/access.log gallery;
    client_body_temp_path {run}/client_body;
    proxy_temp_path {run}/proxy;
    fastcgi_temp_path {run}/fastcgi;
    uwsgi_temp_path {run}/uwsgi;
    scgi_temp_path {run}/scgi;

    upstream gallery {{
        server 127.0.0.1:{port1};
        server 127.0.0.1:{port2};
    }}
    # A browser that has the cookie goes back to its server; one without goes to the
    # next in turn, and the answer names the server that served it.
    map $cookie_{cookie} $gallery_target {{
        s1 127.0.0.1:{port1};
        s2 127.0.0.1:{port2};
        default gallery;
    }}
    map $upstream_addr $gallery_served_by {{
        127.0.0.1:{port1} s1;
        127.0.0.1:{port2} s2;
        default "";
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' close;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://$gallery_target;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_buffering off;
            add_header Set-Cookie "{cookie}=$gallery_served_by; Path=/; HttpOnly; SameSite=Lax";
        }}
    }}
}}
"""


@dataclass
class Proxied:
    """nginx and the two servers behind it: the proxy as a :class:`Server` the page
    helpers open pages on, each server's address by its cookie name, the store."""

    proxy: Server
    servers: dict[str, Server]
    store: str
    access_log: Path


def nginx_config(run: Path, port: int, ports: tuple[int, int]) -> str:
    """The proxy's configuration, listening on 127.0.0.1:``port``."""
    return NGINX_CONF.format(
        run=run, port=port, port1=ports[0], port2=ports[1], cookie=SERVER_COOKIE
    )


@pytest.fixture(scope="module")
def proxied(
    gallery: Path, postgres: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Proxied]:
    """Two gallery servers on one PostgreSQL database, behind nginx."""
    assert NGINX.exists(), "the proxy test needs Debian's nginx (make test-deps installs it)"
    url = postgres.create_database("rooms_behind_proxy")
    folder = tmp_path_factory.mktemp("proxy")
    processes: list[subprocess.Popen[bytes]] = []
    try:
        servers = {}
        for name in ("s1", "s2"):
            env = {STORE_ENV: url}
            log = folder / f"voila-{name}.log"
            server, process = start_gallery_server(
                gallery, log, env, drop=("CIPHERKIT_SEED",), config=NO_LESSON_PREHEAT
            )
            processes.append(process)
            servers[name] = server
        run = folder / "nginx"
        run.mkdir()
        port = free_port()
        conf = run / "nginx.conf"
        conf.write_text(nginx_config(run, port, (servers["s1"].port, servers["s2"].port)))
        log = run / "nginx.out"
        with log.open("wb") as out:
            nginx = subprocess.Popen(
                [str(NGINX), "-p", str(run), "-e", str(run / "error.log"), "-c", str(conf)],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        processes.insert(0, nginx)  # stopped first
        proxy_url = f"http://127.0.0.1:{port}"
        wait_until_up(proxy_url + "/", nginx, run / "error.log", 30)
        proxy = Server(proxy_url, port, SEED, gallery, run / "access.log")
        yield Proxied(proxy, servers, url, run / "access.log")
    finally:
        stop_process_groups(processes)


class Seat(InterceptSeat):
    """One person's device on the Play together page, through the proxy, seated at an
    Intercept table."""

    def server_name(self) -> str:
        """Which server this browser is stuck to (the proxy's cookie)."""
        names = [c["value"] for c in self.page.context.cookies() if c["name"] == SERVER_COOKIE]
        assert len(names) == 1, names
        return str(names[0])

    def who(self) -> str:
        return self.page.locator("[data-testid=who]").inner_text()


def served_pages(server: Server) -> int:
    """How many Play together pages ``server`` has given a kernel (its log says)."""
    text = server.log.read_text(encoding="utf-8", errors="replace")
    return len(re.findall(r"serves play-together\.ipynb", text))


def test_four_browsers_through_nginx_play_one_room_on_two_servers(
    proxied: Proxied, devices: Any
) -> None:
    store = open_store(proxied.store)
    room = store.create_room("intercept", {"players": 4, "timer": False, "max_rounds": 1})
    state = room.session().state
    people = [("Ada", "white"), ("Bo", "black"), ("Cy", "white"), ("Di", "black")]
    seats: dict[int, Seat] = {}
    for name, team in people:
        page = Seat(devices({"width": 1100, "height": 1250}), proxied.proxy).open()
        page.join_team(room.code, name, team)
        seat = next(s["seat"] for s in room.info()["seats"] if s.get("name") == name)
        seats[seat] = page
    assert sorted(seats) == [0, 1, 2, 3]

    # Every socket went through the proxy; the browsers landed on both servers, each
    # server's log shows the pages it served, and the room lives in the one database.
    for page in seats.values():
        assert all(f":{proxied.proxy.port}/" in u for u in page.socket_urls)
    stuck = {seat: page.server_name() for seat, page in seats.items()}
    assert set(stuck.values()) == {"s1", "s2"}, stuck
    for name, server in proxied.servers.items():
        assert served_pages(server) >= list(stuck.values()).count(name), name

    # A reload through the proxy goes back to the same server and resumes each seat.
    for seat, page in seats.items():
        page.page.reload()
        page.table_ready()
        # one name per room, so the name (and the team) say which seat resumed
        team = "white" if seat % 2 == 0 else "black"
        assert page.who() == f"You are {page_name(room, seat)}, on the {team} team.", seat
        assert page.server_name() == stuck[seat]
    for name, server in proxied.servers.items():
        assert served_pages(server) >= 2 * list(stuck.values()).count(name), name

    # Round 1 (the room's last): both Encryptors write, White decrypts right and Black
    # wrong, so White wins on points; every page shows the end.
    assert state.config["max_rounds"] == 1
    for seat in (0, 1):
        seats[seat].write_clues(room, CANDIDATES)
    codes = {team: list(room.session().state.codes[team]) for team in (0, 1)}
    seats[2].guess(room, codes[0])
    seats[3].guess(room, list(reversed(codes[1])))
    session = room.session()
    assert session.is_over
    assert set(session.outcome.winners) == {0, 2}
    for seat, page in seats.items():
        page.page.wait_for_selector(f"{TABLE} [data-testid=outcome]")
        result = page.page.locator(f"{TABLE} [data-testid=outcome]").get_attribute("data-result")
        assert result == ("win" if seat % 2 == 0 else "loss"), (seat, result)

    # After the end too, a reload through the proxy resumes each seat (and its result).
    for seat, page in seats.items():
        page.page.reload()
        page.page.wait_for_selector(f"{TABLE} [data-testid=outcome]")
        assert page.who().startswith(f"You are {page_name(room, seat)}"), seat
        assert page.server_name() == stuck[seat]
    store.close()

    # The proxy's log: the kernel websockets were upgraded through it (nginx logs a
    # websocket when it closes: those of the two loads of four pages that the reloads
    # closed), and every request carrying a server's cookie went to that server.
    ports = {name: server.port for name, server in proxied.servers.items()}
    lines = proxied.access_log.read_text(encoding="utf-8").splitlines()
    upgraded = [line for line in lines if "/api/kernels/" in line and '" 101 ' in line]
    assert len(upgraded) >= 8, upgraded
    for line in lines:
        cookie = re.search(r"cookie=(s[12]) ", line)
        if cookie:
            assert f"up=127.0.0.1:{ports[cookie.group(1)]} " in line, line


def page_name(room: Any, seat: int) -> str:
    """The name seated at ``seat`` in ``room``."""
    return str(next(s["name"] for s in room.info()["seats"] if s["seat"] == seat))
