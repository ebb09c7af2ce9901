"""Sharing in the window: the History's rating column (after a game against a bot; "—" for an older row),
Share on a History row and in the Replay, the paste box (good and bad text, typed as posted keys), a file
dropped on the window, and ``--replay FILE`` opening the Replay scene (a scene test and a smoke run)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

import pygame
import pytest
from scene_driver import click, make_app, press, step, texts_of, top
from test_history import ROOT, played
from test_ratings import play_against_the_expert

from game.history import Archive
from game.share import decode, encode
from scenes.history import HistoryScene
from scenes.overlays import MessageScene
from scenes.replay import ReplayScene
from scenes.sharing import FOLDER, PasteBox
from sprites.audio import shut_down

TUTORIALS_SEEN = ("junior",)  # the app fixture starts with these modes' tutorials seen


def open_history(app) -> HistoryScene:
    app.manager.switch("history", {})
    app.step(0.0)
    scene = top(app)
    assert isinstance(scene, HistoryScene)
    return scene


def drawn_texts(app, scene) -> list[str]:
    return texts_of(lambda: scene.draw(app.screen))


def keep_old_row(app) -> None:
    """A game kept as an older copy of the game keeps them: no rating column named."""
    with app.history.db:
        app.history.db.execute(
            "INSERT INTO games (mode, kind, options, seed, level, date, seats, names, result, events, call_time, tag)"
            " VALUES ('points', 'normal', '{}', '3', NULL, '2026-01-01T10:00:00', '[\"human\"]', '[\"You\"]',"
            " '{\"won\": true}', '[\"set 1RDE 2GOH 3PSF @4.00\"]', NULL, '{}')")


def test_the_rating_after_a_game_against_a_bot_shows_on_its_row_and_an_old_row_shows_a_dash(app, monkeypatch):
    res = play_against_the_expert(app)
    after = res.data["rating"]["after"]
    keep_old_row(app)
    scene = open_history(app)
    new, old = scene.rows
    assert new.id == res.data["archived"] and (new.rating.mu, new.rating.sigma, new.rating.games) == (
        after["mu"], after["sigma"], 1)
    shown = f"{round(after['mu'] * 60)}? ± {round(2 * after['sigma'] * 60)}"  # provisional after one game
    assert new.rating_text() == shown and old.rating is None and old.rating_text() == "—"
    drawn = drawn_texts(app, scene)
    assert shown in drawn and "—" in drawn and "Rating after" in drawn


def share_row(scene, index=0):
    app = scene.app
    scene.focus = index
    press(app, pygame.K_c, "c", pygame.KMOD_CTRL)
    msg = top(app)
    assert isinstance(msg, MessageScene) and msg.title == "Game shared"
    return msg


def test_share_on_a_row_writes_the_text_to_a_file_and_says_where(app):
    game = played("classic", 5, n=3, seats=["human", "bot:expert"])
    gid = app.history.add(game)
    scene = open_history(app)
    msg = share_row(scene)
    files = list((app.store.dir / FOLDER).glob("classic-*.txt"))
    assert len(files) == 1 and files[0].name == "classic-20261104-100000.txt"
    assert files[0].name in msg.text and "No clipboard here" in msg.text  # headless: no clipboard
    text = files[0].read_text().strip()
    assert text == encode(app.history.get(gid)) and decode(text).events == game["events"]
    press(app, pygame.K_RETURN)
    assert top(app) is scene
    click(app, scene.share_button.rect.center)  # the button does the same
    assert isinstance(top(app), MessageScene) and len(list((app.store.dir / FOLDER).iterdir())) == 1


def test_a_game_that_does_not_replay_is_not_shared_and_says_why(app):
    game = {**played("findall", 4, n=3), "events": ["set 1RDE 1RDE 1RDE @1.00"]}
    app.history.add(game)
    scene = open_history(app)
    press(app, pygame.K_c, "c", pygame.KMOD_CTRL)
    msg = top(app)
    assert isinstance(msg, MessageScene) and msg.title == "This game cannot be shared" and "does not fit" in msg.text
    assert not (app.store.dir / FOLDER).exists() and scene is app.manager.stack[0]


def type_text(app, text: str) -> None:
    """Every character as a posted key press, then one frame."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode=ch, mod=0, scancode=0))
    app.step(0.0)


def test_the_paste_box_opens_a_good_text_as_a_replay_and_keeps_it_marked_shared(app):
    game = played("points", 3, n=2)
    text = encode_played(game)
    scene = open_history(app)
    press(app, pygame.K_TAB)
    assert scene.typing
    type_text(app, text[:40] + "\n " + text[40:])  # a line break pasted in the middle is left out
    assert scene.paste.text == text
    press(app, pygame.K_RETURN)
    replay = top(app)
    assert isinstance(replay, ReplayScene) and replay.events == game["events"] and not replay.problem
    assert replay.game.shared and replay.game.id > 0
    press(app, pygame.K_END)
    assert replay.pos == len(game["events"])
    press(app, pygame.K_ESCAPE)
    back = top(app)
    assert isinstance(back, HistoryScene) and [g.shared for g in back.rows] == [True]
    assert back.rows[0].tag["played"] == game["date"] and back.rows[0].played_on() == game["date"]
    share_row(back)  # shared on again: named for the day it was played, not the day it came
    assert (app.store.dir / FOLDER / "points-20261103-100000.txt").exists()


def encode_played(game) -> str:
    """The share text of a game as another copy of the game would send it."""
    a = Archive(tempfile.mkdtemp())
    try:
        return encode(a.get(a.add(game)))
    finally:
        a.close()


def test_the_paste_box_says_why_a_bad_text_is_refused_and_keeps_it_to_mend(app, monkeypatch):
    scene = open_history(app)
    type_text(app, "setarcade-game:7:abc")  # a letter typed with the list chosen goes to the box
    assert scene.typing and scene.paste.text == "setarcade-game:7:abc"
    press(app, pygame.K_RETURN)
    assert top(app) is scene and scene.paste.problem == ("This game was shared by a newer Set Arcade (format 7); "
                                                         "this one reads format 1.")
    assert scene.paste.problem in drawn_texts(app, scene) and app.history.count() == 0
    press(app, pygame.K_a, "a", pygame.KMOD_CTRL)  # select all; Backspace clears it
    press(app, pygame.K_BACKSPACE)
    assert scene.paste.text == "" and scene.paste.problem == ""
    cut = encode_played(played("findall", 4))[:-8]
    type_text(app, cut)
    press(app, pygame.K_RETURN)
    assert top(app) is scene and "cut short" in scene.paste.problem and app.history.count() == 0
    press(app, pygame.K_ESCAPE)  # leaves the box, keeps its text
    assert not scene.typing and scene.paste.text == cut and top(app) is scene
    press(app, pygame.K_ESCAPE)
    assert type(top(app)).__name__ == "MenuScene"


def test_ctrl_v_without_a_clipboard_says_so(app):
    scene = open_history(app)
    press(app, pygame.K_v, "v", pygame.KMOD_CTRL)
    assert scene.typing and scene.paste.text == "" and scene.paste.problem in (
        "No clipboard here to paste from: type the text, or drop its file on the window.", "The clipboard is empty.")


def test_a_file_dropped_on_the_history_opens_its_game(app, tmp_path):
    path = tmp_path / "friend.txt"
    path.write_text(encode_played(played("mags", 2)) + "\n")
    scene = open_history(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(tmp_path / "nothing.txt")))
    app.step(0.0)
    assert top(app) is scene and "cannot be read" in scene.paste.problem
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    app.step(0.0)
    assert isinstance(top(app), ReplayScene) and top(app).game.mode == "mags"


def test_share_in_the_replay_pauses_and_writes_the_file(app):
    gid = app.history.add(played("classic", 5, n=1, seats=["human", "bot:expert"]))
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    assert r.playing
    share = next(b for b in r.buttons if b.label == "Share")
    click(app, share.rect.center)
    assert not r.playing and isinstance(top(app), MessageScene)
    assert decode((app.store.dir / FOLDER / "classic-20261102-100000.txt").read_text()).events == r.events
    press(app, pygame.K_RETURN)
    (app.store.dir / FOLDER / "classic-20261102-100000.txt").unlink()
    press(app, pygame.K_c, "c")  # the key does the same
    assert isinstance(top(app), MessageScene) and (app.store.dir / FOLDER / "classic-20261102-100000.txt").exists()


def test_the_share_button_sits_in_the_replays_bar_without_overlapping(app):
    gid = app.history.add(played("points", 3))
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    rects = [b.rect for b in r.buttons]
    assert [b.label for b in r.buttons][-2:] == ["Share", "History"]
    assert all(r.bar.contains(x) for x in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


# ----- --replay FILE --------------------------------------------------------------------------------
def start_with(tmp_path, replay: str, size=(960, 600)):
    from scenes.app import App, Options

    app = App(Options(data_dir=str(tmp_path / "data"), size=size, replay=replay))
    app.settings["tutorial_seen"] = {"basics": True}
    app.start()
    return app


def test_replay_file_opens_the_replay_scene(tmp_path):
    game = played("pillars", 4)
    path = tmp_path / "game.txt"
    path.write_text(encode_played(game))
    app = start_with(tmp_path, str(path))
    try:
        r = top(app)
        assert isinstance(r, ReplayScene) and r.events == game["events"] and r.game.shared and not r.problem
        for _ in range(100):
            if r.pos:
                break
            step(app, 0.5)
        assert r.playing and r.pos > 0  # it plays by itself
        assert app.history.count() == 1
    finally:
        shut_down()


def test_a_bad_replay_file_says_why_over_the_history(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text("setarcade-game:1:" + json.dumps({"m": "classic"}))
    app = start_with(tmp_path, str(path))
    try:
        stack = [type(s).__name__ for s in app.manager.stack]
        assert stack == ["HistoryScene", "MessageScene"]
        assert str(path) in top(app).text and "characters a share text has not" in top(app).text
    finally:
        shut_down()


def test_a_smoke_run_of_replay_file_opens_it_in_a_bounded_number_of_frames(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(encode_played(played("classic", 5, seats=["human", "bot:expert"])))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--replay", str(path), "--smoke", "20",
                           "--data-dir", str(tmp_path / "data")], capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0 and "smoke: replay ok (20 frames)" in proc.stdout, proc.stderr
    (tmp_path / "bad.txt").write_text("nonsense")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--replay", str(tmp_path / "bad.txt"), "--smoke",
                           "5", "--data-dir", str(tmp_path / "data")], capture_output=True, text=True, timeout=120,
                          env=env)
    assert proc.returncode == 1 and "not a shared Set Arcade game" in proc.stderr


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 720), (1920, 1080)])
def test_the_history_with_ratings_and_the_paste_box_fits_every_size(tmp_path, size, monkeypatch):
    app = make_app(tmp_path, size=size)
    try:
        app.start()
        for n in range(12):
            app.history.add({**played("classic", 5, n=n, seats=["human", "bot:expert"]),
                             "names": ["You", "Bot (expert)"], "rating": {"mu": 25 + n, "sigma": 8 - n * 0.5,
                                                                         "games": n + 1}})
        scene = open_history(app)
        box, w, h = scene.paste.rect, *size
        rows = [r for _i, r in scene.row_rects]
        assert rows and rows[-1].bottom < box.top - scene.u * 0.9  # the refusal line fits between
        assert box.bottom <= scene.open_button.rect.top and pygame.Rect(0, 0, w, h).contains(box)
        buttons = [scene.open_button.rect, scene.share_button.rect, scene.back.rect]
        assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
        assert all(pygame.Rect(0, 0, w, h).contains(b) for b in buttons)
        scene.paste.problem = "The text is damaged (it does not unpack: a part is missing or changed)."
        texts = drawn_texts(app, scene)
        assert scene.paste.problem in texts and PasteBox.PLACEHOLDER in texts  # whole, at every size
        assert "Rating after" in texts and sum(t.endswith("± 960") or "? ±" in t for t in texts) >= 1
    finally:
        shut_down()
