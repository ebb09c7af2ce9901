"""What one address, and the server as a whole, may hold: rooms, connections, tries at unknown codes;
rooms nobody is in close; the server keeps below its file limit; a code alone finds a game on this machine."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from net_driver import WAIT, free_port, next_of, open_room, serving, until
from scene_driver import press, top
from test_net_scenes import online, step_until  # noqa: F401  (a fixture, and a helper)
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import game.net.server as server_module
import scenes.online
from game.net.client import Client
from game.net.hosting import LOCAL_FILE, ServerThread, announce, local_server, withdraw
from game.net.protocol import show_code
from game.net.server import Conn, Limits, Server

ROOT = Path(__file__).resolve().parent.parent


class FakeWs:
    transport = None


@pytest.fixture
def unit(monkeypatch):
    """A server without sockets: ``say(conn, msg)`` hands it a message at the server's clock ``clock[0]``
    and returns the replies to that connection."""
    sent: list[tuple[list, str]] = []
    monkeypatch.setattr(server_module, "broadcast", lambda wss, text: sent.append((list(wss), text)))
    clock = [1000.0]

    def make(**limits) -> Server:
        srv = Server(None, limits=Limits(**limits))
        srv.now = lambda: clock[0]
        return srv

    def say(srv: Server, conn: Conn, msg: dict) -> list[dict]:
        sent.clear()
        srv.on_message(conn, json.dumps(msg))
        return [json.loads(t) for wss, t in sent if conn.ws in wss]

    return make, say, clock


def conn(address: str) -> Conn:
    return Conn(FakeWs(), 0.0, 40.0, address)


def create(name: str = "Ann") -> dict:
    return {"type": "create", "mode": "classic", "name": name}


def kinds(replies: list[dict]) -> list[str]:
    return [r["type"] for r in replies]


def test_an_address_keeps_five_rooms_open_and_gets_a_slot_back_when_one_closes(unit):
    make, say, clock = unit
    srv = make()
    mine = [conn("10.0.0.1") for _ in range(6)]
    for c in mine[:5]:
        assert kinds(say(srv, c, create()))[0] == "joined"
    why = say(srv, mine[5], create())[0]
    assert why["type"] == "error" and "5 rooms open" in why["why"] and len(srv.rooms) == 5
    assert kinds(say(srv, conn("10.0.0.2"), create()))[0] == "joined"  # another address is not held back
    say(srv, mine[0], {"type": "leave"})  # everyone left the first room: it closes, its slot is free
    assert len(srv.rooms) == 5 and srv.rooms_of["10.0.0.1"] == 4
    assert kinds(say(srv, mine[5], create()))[0] == "joined"


def test_a_room_nobody_is_in_closes_after_ten_minutes_unless_a_game_is_under_way(unit):
    make, say, clock = unit
    srv = make()
    hung_up, stays, playing = conn("10.0.0.1"), conn("10.0.0.1"), conn("10.0.0.1")
    for c in (hung_up, stays, playing):
        say(srv, c, create())
    codes = [c.room.code for c in (hung_up, stays, playing)]
    say(srv, playing, {"type": "bot", "level": "expert"})
    say(srv, playing, {"type": "start"})
    assert srv.rooms[codes[2]].playing
    srv.gone(hung_up)  # their connection closed, no leave: the room waits for them
    srv.gone(playing)
    t0 = clock[0]
    assert srv.expire(t0 + 599) == [] and len(srv.rooms) == 3
    assert srv.expire(t0 + 601) == [codes[0]]  # the game under way keeps its room; a connected person too
    assert codes[0] not in srv.rooms and srv.rooms_of["10.0.0.1"] == 2
    clock[0] = t0 + 700
    back = conn("10.0.0.1")  # the player comes back to the room with the game: it is not empty any more
    token = None
    for r in say(srv, back, {"type": "join", "room": codes[1], "name": "Bob"}):
        token = r.get("token", token)
    assert token and codes[1] in srv.rooms and codes[1] not in srv.vacant
    assert srv.expire(t0 + 3000) == [] and set(srv.rooms) == set(codes[1:])


def test_joins_on_unknown_codes_are_slowed_then_refused_for_a_while_but_a_seat_s_token_passes(unit):
    make, say, clock = unit
    srv = make(misses_free=3, miss_pause=2.0, misses_max=6, miss_block=600.0)
    host = conn("10.0.0.1")
    token = say(srv, host, create())[0]["token"]
    code = host.room.code
    guesser = conn("10.0.0.9")

    def join(who: Conn, room: str = "ZZZZZZZZ") -> str:
        return say(srv, who, {"type": "join", "room": room, "name": "Eve"})[0].get("why", "joined")

    assert ["no room" in join(guesser) for _ in range(3)] == [True] * 3
    assert "wait 2 s" in join(guesser) and "wait" in join(guesser, code)  # slowed, whatever the code
    for _ in range(3):
        clock[0] += 2.1
        assert "no room" in join(guesser)
    clock[0] += 2.1
    assert "no joining for 10 min" in join(guesser, code)  # a good code too: nothing is learnt
    assert "no joining" in say(srv, conn("10.0.0.9"), {"type": "rejoin", "room": code, "token": "x" * 32})[0]["why"]
    assert join(conn("10.0.0.10"), code) == "joined"  # another address joins
    back = conn("10.0.0.9")  # the host's own seat, taken back from the held address: its token passes
    assert kinds(say(srv, back, {"type": "rejoin", "room": code, "token": token}))[0] == "joined"
    clock[0] += 601
    later = conn("10.0.0.9")
    assert join(later, code) == "joined"


def test_an_address_creating_fifty_rooms_is_refused_after_five_and_empty_rooms_free_the_slots():
    st = ServerThread("127.0.0.1", 0)
    try:
        async def hang_up_fifty() -> list[dict]:
            out = []
            for _ in range(50):  # connect, create, hang up: the rooms stay, waiting for their host
                async with connect(f"ws://127.0.0.1:{st.port}") as ws:
                    await ws.send(json.dumps(create("Mal")))
                    async with asyncio.timeout(WAIT):
                        out.append(json.loads(await ws.recv()))
            return out

        replies = asyncio.run(hang_up_fifty())
        assert kinds(replies) == ["joined"] * 5 + ["error"] * 45
        assert all("5 rooms open" in r["why"] for r in replies[5:]) and len(st.server.rooms) == 5
        until([], lambda: len(st.server.vacant) == 5)

        async def ten_minutes_later():
            return st.server.expire(st.server.now() + 601)

        assert len(asyncio.run_coroutine_threadsafe(ten_minutes_later(), st.loop).result(10)) == 5
        assert st.server.rooms == {} and st.server.rooms_of == {}
        c = open_room(st.port, "Ann")  # the address may open rooms again
        assert c.room in st.server.rooms
        c.close()
    finally:
        st.stop()


def test_connections_past_twenty_from_one_address_are_closed_with_try_again_later():
    st = ServerThread("127.0.0.1", 0)
    try:
        async def crowd() -> tuple[int, str]:
            uri = f"ws://127.0.0.1:{st.port}"
            held = [await connect(uri) for _ in range(20)]
            extra = await connect(uri)
            try:
                async with asyncio.timeout(WAIT):
                    await extra.recv()
                closed = (0, "")
            except ConnectionClosed as e:
                closed = (e.rcvd.code, e.rcvd.reason)
            await held[0].close()
            for _ in range(200):  # the server takes the closed one off its count
                if st.server.per_address.get("127.0.0.1", 0) < 20:
                    break
                await asyncio.sleep(0.02)
            async with connect(uri) as ws:  # room again: served
                await ws.send(json.dumps({"type": "join", "room": "ZZZZZZZZ", "name": "Cy"}))
                async with asyncio.timeout(WAIT):
                    assert "no room" in json.loads(await ws.recv())["why"]
                crowded = Client("127.0.0.1", st.port)  # 20 again: the window's client says why, in words
                why = next_of(crowded, "error")["why"]
                crowded.close()
            for ws in held[1:]:
                await ws.close()
            return closed, why

        (code, reason), why = asyncio.run(crowd())
        assert code == 1013 and "too many connections from your address" in reason
        assert "too many connections" in why
    finally:
        st.stop()


def start_low_server(home: Path, files: int) -> subprocess.Popen:
    """``python -m game.server`` with a soft and hard limit of ``files`` open files (a child process)."""
    def low() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(home), "--connections-per-address", "100000"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=low,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", "SETARCADE_HOME": str(home)})
    return serving(proc)


@pytest.mark.skipif(sys.platform != "linux", reason="file limits as on Linux")
def test_past_its_file_limit_the_server_keeps_its_cap_answers_a_new_player_and_logs_a_line_or_two(tmp_path):
    files, tries = 256, 400
    proc = start_low_server(tmp_path, files)
    try:
        port = local_server(tmp_path)[1]  # the server says where it listens, for windows on this machine
        assert json.loads((tmp_path / LOCAL_FILE).read_text())["pid"] == proc.pid

        async def flood() -> dict:
            uri = f"ws://127.0.0.1:{port}"
            held, closes, failed = [], [], []

            async def one() -> None:
                try:
                    held.append(await connect(uri, open_timeout=WAIT))
                except Exception as e:  # dropped before its handshake: no file to spare
                    failed.append(e)

            await asyncio.gather(*(one() for _ in range(tries)))

            async def answered(ws) -> bool:  # in: answered; past the cap: closed (with 1013)
                try:
                    await ws.send(json.dumps({"type": "leave"}))
                    async with asyncio.timeout(WAIT):
                        return json.loads(await ws.recv())["type"] == "error"
                except ConnectionClosed:
                    closes.append(ws.close_code)
                    return False

            alive = [ws for ws, yes in zip(held, await asyncio.gather(*map(answered, held))) if yes]
            # one who is in is answered
            await alive[0].send(json.dumps(create("In")))
            async with asyncio.timeout(WAIT):
                inside = json.loads(await alive[0].recv())["type"]
            for ws in alive[1:11]:
                await ws.close()
            newcomer = None
            for _ in range(100):  # a new player, once a few have gone
                ws = await connect(uri, open_timeout=WAIT)
                await ws.send(json.dumps(create("New")))
                try:
                    async with asyncio.timeout(WAIT):
                        newcomer = json.loads(await ws.recv())["type"]
                    break
                except ConnectionClosed:
                    await asyncio.sleep(0.05)
            for ws in alive:
                await ws.close()
            return {"alive": len(alive), "closes": closes, "failed": len(failed), "inside": inside,
                    "newcomer": newcomer}

        got = asyncio.run(flood())
        assert 0 < got["alive"] <= files - server_module.FILE_MARGIN
        assert got["closes"] and set(got["closes"]) == {1013}
        assert got["inside"] == "joined" and got["newcomer"] == "joined"
    finally:
        proc.terminate()
        _out, err = proc.communicate(timeout=WAIT)
    lines = err.decode(errors="replace").splitlines()
    assert len(lines) <= 5, lines[:20]
    assert not (tmp_path / LOCAL_FILE).exists()  # taken away when the server stops


def test_accepting_resumed_after_the_server_stopped_listening_is_not_told_and_other_faults_still_are(caplog):
    """Out of files, the loop pauses accepting and resumes it a second later, once for every accept of that
    turn that failed (up to a hundred: seen, 146 tracebacks of a server stopped within that second); each
    finds the listening socket closed.  Here the loop's own resume is called on a closed socket, as then."""
    import logging

    async def go() -> None:
        srv = Server(None)
        ws = await srv.serve("127.0.0.1", 0)
        loop = asyncio.get_running_loop()
        sock = ws.sockets[0]
        ws.close()
        await ws.wait_closed()

        def broken() -> None:
            raise ValueError("a fault of the server's own")

        loop.call_soon(loop._start_serving, lambda: None, sock)  # what the loop does a second after the shortage
        loop.call_soon(broken)
        for _ in range(3):
            await asyncio.sleep(0)
        srv.stop()

    with caplog.at_level(logging.ERROR, logger="asyncio"):
        asyncio.run(go())
    told = [r.getMessage() for r in caplog.records]
    assert not any("_start_serving" in m for m in told), told
    assert any("broken" in m for m in told), told  # anything else is told as before


def test_the_local_file_names_a_live_server_and_a_stale_one_is_ignored(tmp_path):
    path = announce("0.0.0.0", 40123, tmp_path)
    assert local_server(tmp_path) == ("127.0.0.1", 40123)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    path.write_text(json.dumps({"host": "127.0.0.1", "port": 40123, "pid": dead.pid}))
    assert local_server(tmp_path) is None
    for bad in ("{", "[1]", json.dumps({"host": "h", "port": 70000, "pid": os.getpid()})):
        path.write_text(bad)
        assert local_server(tmp_path) is None
    announce("127.0.0.1", 40124, tmp_path)
    withdraw(path)
    assert not path.exists()
    assert local_server(tmp_path / "nothing") is None


def type_and_join(app, text: str):
    app.manager.switch("online", {})
    app.step(0.0)
    scene = top(app)
    scene.fields[1].text = ""
    for ch in text:
        press(app, 0, ch)
    press(app, pygame.K_RETURN)
    return scene


def test_a_code_alone_that_no_game_here_has_reads_as_a_sentence_and_stays_typed(online, monkeypatch):  # noqa: F811
    app = online
    monkeypatch.setattr(scenes.online, "DEFAULT_PORT", free_port())  # nothing listens where it looks last
    type_and_join(app, "k7m2-9qxd")
    step_until(app, lambda: type(top(app)).__name__ == "OnlineScene" and top(app).error)
    scene = top(app)
    assert scene.error == scenes.online.NO_GAME_HERE and scene.fields[1].text == "k7m2-9qxd"
    # with a server of its own that has no such room: the same sentence
    scene.fields[1].text = ""
    press(app, pygame.K_h, "h", pygame.KMOD_CTRL)
    host = top(app)
    step_until(app, lambda: host.lobby is not None)
    type_and_join(app, "ABCD-EFGH")
    step_until(app, lambda: type(top(app)).__name__ == "OnlineScene" and top(app).error)
    assert top(app).error == scenes.online.NO_GAME_HERE and top(app).fields[1].text == "ABCD-EFGH"
    host.client.close()


def test_a_code_alone_finds_a_room_on_a_server_started_by_hand_on_this_machine(online, tmp_path):  # noqa: F811
    app = online
    home = Path(app.store.dir)
    proc = start_low_server(home, 1024)
    try:
        port = local_server(home)[1]
        maker = open_room(port, "Ann")
        type_and_join(app, show_code(maker.room))
        guest = top(app)
        assert type(guest).__name__ == "LobbyScene"
        step_until(app, lambda: guest.lobby is not None and len(guest.lobby["seats"]) == 2)
        assert guest.lobby["seat"] == 1 and getattr(app, "room_server", None) is None
        guest.client.close()
        maker.close()
    finally:
        proc.terminate()
        proc.communicate(timeout=WAIT)


def test_behind_a_proxy_the_address_is_the_last_of_x_forwarded_for_and_else_the_peer():
    class Req:
        headers = {"X-Forwarded-For": "203.0.113.9, 198.51.100.7"}

    class Ws:
        request, remote_address = Req(), ("127.0.0.1", 50000)

    assert Server(None, proxy=True).address(Ws()) == "198.51.100.7"
    assert Server(None).address(Ws()) == "127.0.0.1"  # without --proxy the header is not believed
    Ws.request = None
    assert Server(None, proxy=True).address(Ws()) == "127.0.0.1"


def test_every_limit_is_an_option_with_its_default_in_the_help(capsys):
    from game.server import main

    with pytest.raises(SystemExit):
        main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for option, default in (("--rooms-per-address", "5"), ("--connections-per-address", "20"),
                            ("--misses-free", "5"), ("--miss-pause", "2.0"), ("--misses-max", "20"),
                            ("--miss-block", "600.0"), ("--empty", "600.0"), ("--connections", "0")):
        assert option in shown
        assert f"(default: {default})" in shown.split(option + " ", 2)[-1].split("--")[0], option


def test_window_hosts_lists_other_live_windows_newest_first_and_never_this_one(tmp_path):
    from game.net.hosting import window_hosts

    (tmp_path / "a.json").write_text(json.dumps({"port": 40001, "pid": os.getppid()}))  # a live process
    (tmp_path / "b.json").write_text(json.dumps({"port": 40002, "pid": os.getpid()}))  # this one
    (tmp_path / "c.json").write_text(json.dumps({"port": 40003, "pid": 2**22 + 12345}))  # gone
    (tmp_path / "d.json").write_text("{not json")
    (tmp_path / "e.json").write_text(json.dumps({"port": "x", "pid": os.getppid()}))
    assert window_hosts(tmp_path) == [("127.0.0.1", 40001)]


def test_a_code_alone_finds_a_room_hosted_by_another_window_on_this_machine(online, tmp_path, monkeypatch):  # noqa: F811
    other = ServerThread("127.0.0.1", 0, data=tmp_path / "rooms")  # the other window's own server
    try:
        other.announce(tmp_path / "hosts")
        told = json.loads(other.announced.read_text())
        assert told == {"port": other.port, "pid": os.getpid()}
        # that window is another process: its file names it (here the test's parent, a live process)
        (tmp_path / "hosts" / "other.json").write_text(json.dumps({"port": other.port, "pid": os.getppid()}))
        monkeypatch.setenv("SETARCADE_HOSTS", str(tmp_path / "hosts"))
        maker = open_room(other.port, "Ann")
        type_and_join(online, show_code(maker.room))
        guest = top(online)
        assert type(guest).__name__ == "LobbyScene"
        step_until(online, lambda: guest.lobby is not None and len(guest.lobby["seats"]) == 2)
        assert guest.lobby["seat"] == 1
        guest.client.close()
        maker.close()
    finally:
        other.stop()
    assert not (tmp_path / "hosts" / f"{os.getpid()}.json").exists()


def test_a_warning_that_comes_many_times_a_second_is_one_line_a_minute_with_its_count(caplog):
    import logging

    from game.net.server import NOTE_EVERY, Seldom

    note = Seldom(logging.getLogger("setarcade.server"))
    with caplog.at_level(logging.WARNING, logger="setarcade.server"):
        said = [note.warn(t / 10, "the directory did not answer: %s", "No connection available")
                for t in range(600)]  # 600 in the minute
        assert said.count(True) == 1 and said[0]
        assert note.warn(NOTE_EVERY + 1.0, "the directory did not answer: %s", "No connection available")
        note.warn(NOTE_EVERY + 2.0, "the directory did not answer: %s", "Timeout")  # held back ...
        note.settle(NOTE_EVERY + 3.0)  # ... not yet a minute since the last line: still held
        note.settle(2 * NOTE_EVERY + 1.0)  # ... told by the server's sweep though no more came
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["the directory did not answer: No connection available",
                     "the directory did not answer: No connection available (600 times since the last note)",
                     "the directory did not answer: Timeout (1 time since the last note)"]


def test_files_run_out_while_accepting_is_one_line_a_minute(tmp_path, caplog):
    import errno
    import logging

    from game.net.server import Server

    srv = Server(tmp_path)
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.WARNING, logger="setarcade.server"):
            full = OSError(errno.EMFILE, "Too many open files")
            for _ in range(50):
                srv.on_loop_error(loop, {"message": "accept", "exception": full})
        assert [r.getMessage() for r in caplog.records] == [
            "cannot accept connections (Too many open files): accepting pauses and tries again"]
        assert srv.accept_note.count == 49
    finally:
        loop.close()
        srv.stop()


def test_only_the_directory_not_answering_is_told_once_a_minute_a_fault_every_time():
    import redis.exceptions

    from game.net.cluster import Cluster

    assert Cluster.unanswered(redis.exceptions.ConnectionError("No connection available"))
    assert Cluster.unanswered(redis.exceptions.TimeoutError("Timeout reading from socket"))
    assert Cluster.unanswered(ConnectionRefusedError(111, "Connection refused"))
    assert not Cluster.unanswered(KeyError("seats"))  # a fault of the server's own: its traceback each time
    assert not Cluster.unanswered(TypeError("unsupported operand"))
