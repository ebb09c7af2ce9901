"""The analysis panel beside a replay (scenes/analysis.py): the Sets on the table at the replay's moment and
how long each stood, the finds in order, the time to find by worth; for a solitaire "Par N · you M · par
lost at move K", the par line from there, and a jump to the position before the losing move — by keys,
mouse and pad."""

from __future__ import annotations

import pygame
from scene_driver import click, press, step, texts_of, texts_written, top
from test_analysis import keep, play_on, solo

from game import session as sessions
from game.cards import card, code, find_sets, plural
from game.match import play_out
from game.variants.mags import Mags
from scenes.replay import ReplayScene


def open_replay(app, gid):
    app.manager.switch("replay", {"id": gid})
    app.step(0.0)
    r = top(app)
    assert isinstance(r, ReplayScene)
    r.panel.wait()
    press(app, pygame.K_SPACE)  # pause
    app.draw()
    return r


def test_the_panel_shows_the_sets_on_the_table_now_and_how_long_they_stood(app, tmp_path):
    s = play_out(sessions.new_session("classic", 12, ["human", "bot:expert"], {"players": 2}, 0.0), pace=8.0)
    g = keep(app.store.dir, s)
    r = open_replay(app, g.id)
    assert not r.playing
    for _ in range(6):
        press(app, pygame.K_RIGHT)
    table = r.inner.session.game.view()["table"]
    sets = [" ".join(code(c) for c in x) for x in find_sets(card(c) for c in table)]
    text = r.panel.text()
    assert f"On the table now: {len(sets)} Set" in text
    for x in sets[:6]:
        assert any(line.startswith(x) or set(line.split()[:3]) == set(x.split()) for line in text.splitlines())
    assert "standing 0:" in text and "Seconds to find, by worth" in text and "You" in text
    broken = {st["event"] for st in r.panel.data["stands"] if st["how"] == "broken"}
    assert broken and r.panel.marks() == [(k, "missed") for k in sorted(broken)]  # amber marks: Sets missed
    press(app, pygame.K_TAB)  # the finds, in order
    assert r.panel.text().startswith(f"Sets found, in order ({len(r.panel.data['finds'])})")
    click(app, r.panel.page_button.rect.center)  # back, by a click
    assert r.panel.text().startswith("On the table now")
    app.draw()


def test_a_mags_replay_says_where_par_was_lost_and_goes_there(app):
    par = Mags(seed=7).deal_par()
    assert par is not None
    s = play_on(solo("mags", 7, par.line[:4] + ["deal", "end"]))
    g = keep(app.store.dir, s)
    r = open_replay(app, g.id)
    d = r.panel.data
    assert d is not None and d["lost_at"] is not None and d["proved"]
    head = f"Par {par.score} Sets · you {plural(s.game.score, 'Set')} · par lost at move {d['lost_at'] + 1}"
    assert r.panel.text().startswith(head)
    assert (d["lost_event"], "lost") in r.panel.marks()
    press(app, pygame.K_j)  # to the position before the losing move
    assert r.pos == d["lost_event"] and not r.playing
    press(app, pygame.K_END)
    click(app, r.panel.go_button.rect.center)  # the same by a click
    assert r.pos == d["lost_event"]
    short = r.panel.text()
    press(app, pygame.K_TAB)  # the whole par line
    whole = r.panel.text()
    assert len(whole.splitlines()) > len(short.splitlines()) and "more (Tab)" in short
    app.draw()
    press(app, pygame.K_END)
    x = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_X)
    y = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_Y)
    for e in app.pads.handle(x) + app.pads.handle(y):  # a pad: X the page, Y go there
        app.manager.handle_event(e)
    assert r.pos == d["lost_event"] and r.panel.text() == short


def test_the_panel_fits_every_window_size(app):
    par = Mags(seed=7).deal_par()
    assert par is not None
    g = keep(app.store.dir, solo("mags", 7, par.line[:4] + ["end"]))
    r = open_replay(app, g.id)
    for size in ((640, 400), (800, 600), (1280, 720), (1920, 1080)):
        app.resize(size)
        app.draw()
        tw, _ = r.table_size()
        assert r.panel.rect.left >= tw and r.panel.rect.right <= size[0]
        assert r.panel.go_button.rect.right <= r.panel.rect.right and r.panel.go_button.rect.bottom <= r.bar.top
        step(app, 0.1)


def panel_pixels(surface, rect):
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_the_panel_is_drawn_whole_and_its_rows_never_overlap(app):
    s = play_out(sessions.new_session("classic", 12, ["human", "bot:expert"], {"players": 2}, 0.0), pace=8.0)
    g = keep(app.store.dir, s)
    r = open_replay(app, g.id)
    app.resize((800, 600))
    app.draw()

    def sets_now():
        return int(r.panel.text().splitlines()[0].split(": ")[1].split()[0])

    for _ in range(len(r.events)):  # to a step that takes the table from 2 Sets to 1 (bounded by the events)
        before = sets_now()
        press(app, pygame.K_RIGHT)
        app.draw()
        if before == 2 and sets_now() == 1:
            break
    assert before == 2 and sets_now() == 1
    shown = panel_pixels(app.screen, r.panel.rect)
    fresh = app.screen.copy()
    fresh.fill((255, 0, 255))  # nothing of an earlier frame: the panel drawn on nothing
    r.draw(fresh)
    assert panel_pixels(fresh, r.panel.rect) == shown  # no leftovers of the 2 Sets' frame, nothing shows through
    tw, th = r.table_size()
    column = pygame.Rect(tw, 0, 800 - tw, th)
    assert panel_pixels(fresh, column) == panel_pixels(app.screen, column)  # the felt around it too
    for size in ((640, 400), (800, 600)):
        app.resize(size)
        app.draw()
        cards = [rect for kind, rect in r.panel.drawn if kind == "card"]
        texts = [rect for kind, rect in r.panel.drawn if kind == "text"]
        assert cards and len(texts) > 3
        for t in texts:
            assert t.collidelist(cards) == -1, (size, t)  # each row in its own band
            assert r.panel.rect.contains(t)
        assert all(a.bottom <= b.top for a, b in zip(texts, texts[1:]) if a.left == b.left)
        assert max(t.bottom for t in texts) <= r.panel.page_button.rect.top


def test_the_clock_never_runs_into_the_title_beside_the_panel(app, monkeypatch):
    """Beside the panel the board is narrow: at 640x400 "Mag's Solitaire" reached past the board's middle,
    where the clock stood; the clock now starts after the title."""
    par = Mags(seed=7).deal_par()
    assert par is not None
    g = keep(app.store.dir, solo("mags", 7, par.line[:4] + ["end"]))
    open_replay(app, g.id)
    for size in ((640, 400), (800, 600), (1280, 720)):
        app.resize(size)
        with texts_written() as drawn:
            app.draw()
        title = next(rect for s, rect in drawn if s == Mags.TITLE)
        clock = next(rect for s, rect in drawn if s.count(":") == 1 and s.replace(":", "").isdigit())
        assert not title.colliderect(clock), size


def panel_texts(r) -> list[str]:
    """What the panel writes when drawn now."""
    return texts_of(lambda: r.panel.draw(r.app.screen))


def test_a_long_page_scrolls_by_keys_wheel_and_pad_and_says_how(app, monkeypatch):
    """The finds of a whole Classic game are more than the panel holds at 640x400: "…N more (PgDn or wheel)"
    at its foot; PgDn, the wheel and a pad's R shoulder or right stick bring the rest in sight, "N rows
    above (PgUp)" at its top, as far as the last row and no further; Tab's other page starts at its top."""
    s = play_out(sessions.new_session("classic", 12, ["human", "bot:expert"], {"players": 2}, 0.0), pace=8.0)
    r = open_replay(app, keep(app.store.dir, s).id)
    app.resize((640, 400))
    press(app, pygame.K_END)
    press(app, pygame.K_TAB)  # the finds, in order: one row a Set
    rows = r.panel.lines_now()
    assert len(rows) > 12
    texts = panel_texts(r)
    more = [t for t in texts if t.endswith("more (PgDn or wheel)")]
    assert r.panel.scroll == 0 and len(more) == 1 and not any("above" in t for t in texts)
    hidden = int(more[0][1:].split()[0])
    press(app, pygame.K_PAGEDOWN)
    first = r.panel.scroll
    assert first > 0 and f"{plural(first, 'row')} above (PgUp)" in panel_texts(r)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))  # the wheel towards you: down
    app.step(0.0)
    assert r.panel.scroll == first + 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    app.step(0.0)
    assert r.panel.scroll == first
    for _ in range(len(rows)):  # bounded: at most a row a press
        press(app, pygame.K_PAGEDOWN)
    last = r.panel.scroll
    texts = panel_texts(r)
    assert 0 < last <= hidden + 1 and not any("more (" in t for t in texts)  # the last row in sight (the line
    # counting the rows above takes one row's room)
    words = rows[-1][1][1]  # the last find's words (its number left out where the panel is narrow)
    assert any(t in (words, words.split(" ", 1)[-1]) for t in texts)
    press(app, pygame.K_PAGEDOWN)
    assert r.panel.scroll == last  # no further
    press(app, pygame.K_PAGEUP)
    assert r.panel.scroll < last
    app.pads.active = False
    for e in app.pads.handle(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                                button=pygame.CONTROLLER_BUTTON_LEFTSHOULDER)):
        app.manager.handle_event(e)
    shoulder = r.panel.scroll
    assert shoulder < last and app.pads.active
    stick = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY,
                               value=30000)
    for e in app.pads.handle(stick) + app.pads.handle(stick):  # held down: one page
        app.manager.handle_event(e)
    assert r.panel.scroll > shoulder
    assert any(t.endswith("above (L shoulder)") for t in panel_texts(r))
    press(app, pygame.K_TAB)
    assert r.panel.scroll == 0 and r.panel.text().startswith("On the table now")
