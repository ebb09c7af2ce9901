"""A new mode in one file and one registry line: the menu, the daily list, stats, ``game.match`` and the
online lobby (the window's choices and the server that plays them) all find it, and no other file of the
game changes.

The toy mode is one file the test writes into a folder of its own, and it joins the registry with one
call (``variants.register``), as a mode of the package joins it with one line of ``game.variants.MODES``.
"""

from __future__ import annotations

import io
import json
import sys
import textwrap
from contextlib import redirect_stdout

import pytest
from net_driver import next_of, open_room
from scene_driver import make_app, step, top

from game import daily, match, variants
from game.net.client import RemoteSession
from game.net.hosting import ServerThread
from sprites.audio import shut_down

TOY = textwrap.dedent('''\
    """Toy Race: a race on the 27 one-symbol cards (a mode made in one file)."""

    from game.cards import DECK
    from game.variants.facts import Kind, plain
    from game.variants.race import Race


    class Toy(Race):
        NAME = "toyrace"
        TITLE = "Toy Race"
        TAGLINE = "One symbol a card"
        HELP = plain("""Find Sets among the one-symbol cards.""")
        KINDS = (Kind("normal", "Normal", unit="Sets"),)
        TABLE = 9
        MAX_TABLE = 12
        CARDS = frozenset(c for c in DECK if c < 27)


    GAME = Toy
''')
DAY = "2026-11-26"


@pytest.fixture
def toy(tmp_path, monkeypatch):
    folder = tmp_path / "modes"
    folder.mkdir()
    (folder / "toy_race.py").write_text(TOY, encoding="utf-8")  # the one file
    monkeypatch.syspath_prepend(str(folder))
    variants.register("toyrace", "toy_race")  # the one registry line
    try:
        yield variants.game_class("toyrace")
    finally:
        variants.unregister("toyrace")
        sys.modules.pop("toy_race", None)


def test_the_toy_mode_is_only_in_the_registry_while_registered(toy):
    assert variants.MODES[-1] == "toyrace" and toy.TITLE == "Toy Race"
    assert all(c < 27 for c in variants.new("toyrace", seed=1).table)


def test_game_match_plays_the_toy_mode_to_its_end(toy):
    out = io.StringIO()
    with redirect_stdout(out):
        assert match.main(["--mode", "toyrace", "--seats", "bot:expert,bot:casual", "--seed", "5"]) == 0
    result = json.loads(out.getvalue())
    assert result["mode"] == "toyrace" and result["over"] and len(result["standings"]) == 2
    assert sum(s["score"] for s in result["standings"]) > 0


def test_the_toy_mode_has_a_daily_deal_in_the_daily_list(toy):
    d = daily.daily(DAY, "toyrace", solve=False)
    assert (d.mode, d.seed) == ("toyrace", daily.daily_seed(DAY, "toyrace"))
    out = io.StringIO()
    with redirect_stdout(out):
        assert daily.main([DAY]) == 0
    assert "Toy Race" in out.getvalue().splitlines()[-1]


def test_the_server_plays_the_toy_mode_with_a_bot(toy, tmp_path):
    st = ServerThread("127.0.0.1", 0, data=tmp_path / "rooms")
    try:
        c = open_room(st.port, "Ann", mode="toyrace")
        c.send({"type": "bot", "level": "expert"})
        lobby = next_of(c, "lobby")
        for _ in range(20):  # the bot's seat shows in a later lobby message
            if len(lobby["seats"]) == 2:
                break
            lobby = next_of(c, "lobby")
        assert lobby["mode"] == "toyrace" and len(lobby["seats"]) == 2
        c.send({"type": "start"})
        rs = RemoteSession(c, next_of(c, "state"))
        assert rs.game.name == "toyrace" and all(code[0] == "1" for code in rs.game.view()["table"])
        c.close()
    finally:
        st.stop()


@pytest.fixture
def app(tmp_path, toy):
    a = make_app(tmp_path / "home", seen=("toyrace",))
    yield a
    shut_down()


def test_the_menu_offers_the_toy_mode_and_plays_it(app):
    app.manager.switch("menu", {})
    step(app, 0.2)
    assert "Toy Race" in [b.label for col in top(app).columns for b in col.buttons]
    app.manager.switch("toyrace", {"seed": 3, "options": {"players": 1}, "seats": ["human"]})
    step(app, 0.2)
    assert top(app).mode == "toyrace" and top(app).game.name == "toyrace"


def test_the_daily_screen_lists_the_toy_mode(app):
    app.manager.switch("daily", {"today": DAY, "solve": False})
    step(app, 0.2)
    assert top(app).modes[-1] == "toyrace"


def test_stats_count_the_toy_mode_and_show_its_row(app):
    app.record_result("toyrace", {"won": True, "score": 4, "time": 30.0, "kind": "normal"})
    app.manager.switch("stats", {})
    step(app, 0.2)
    assert ("toyrace", "normal") in [(mode, kind.name) for mode, kind in top(app).entries]
    assert app.store.stats["toyrace"]["games"] == 1


def test_the_online_lobby_offers_the_toy_mode(toy):
    from scenes.lobby import playable

    assert playable()[-1] == "toyrace"
