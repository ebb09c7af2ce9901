"""What a player sees outside the table: start-up messages, the deal code on the setup screen, the
tutorial's found Set, text in small windows, the results, levels and menu layouts, the set-up files."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pygame
import pytest
from scene_driver import make_app, press, step, top, type_char

from game import variants
from game.cards import code, counted, is_set
from game.errors import IllegalMove
from game.match import play_out
from game.move import Move
from game.session import new_session
from scenes.levels import LevelsScene
from scenes.menu import MenuScene
from scenes.setup import SetupScene, parse_code
from scenes.tutorial import STEPS
from sprites import theme
from sprites.audio import shut_down

ROOT = Path(__file__).resolve().parent.parent


def restart(app, **options):
    for k, v in options.items():
        setattr(app.options, k, v)
    app.manager.stack.clear()
    app.start()
    return [type(s).__name__ for s in app.manager.stack], top(app)


# ----- 1, 11: what the command line asked for and could not get is said ------------------------
def test_an_unknown_level_says_so_over_the_level_screen(app):
    names, msg = restart(app, level="pillars-999")
    assert names == ["LevelsScene", "MessageScene"] and "pillars-999" in msg.text


def test_a_seed_without_a_mode_says_so(app):
    names, msg = restart(app, seed=42)
    assert names == ["MenuScene", "MessageScene"] and "--mode" in msg.text


def test_a_daily_before_the_first_or_after_today_says_which_it_opens(app):
    names, msg = restart(app, daily="1900-01-01")
    assert names[-1] == "MessageScene" and "daily #1" in msg.text
    assert app.manager.stack[0].day.isoformat() == "2026-11-21"
    names, msg = restart(app, daily="2999-01-01")
    assert names[-1] == "MessageScene" and "today" in msg.text


def test_pads_start_without_a_controller(app):
    app.pads.start()  # SDL's dummy drivers: no pad, no error
    assert app.pads.pads == {}


# ----- 12: the setup screen takes a typed deal code ----------------------------------------------
def test_codes_the_game_shows_are_understood():
    assert parse_code("42", "classic") == ("deal", 42)
    assert parse_code("pillars-42", "pillars") == ("deal", 42)
    assert parse_code("Points-7", "classic") == ("mode:points", 7)
    assert parse_code("findall-002", "classic") == ("level", "findall-002")
    for bad in ("", "pillars-", "chess-4", "4x"):
        try:
            parse_code(bad, "classic")
        except ValueError as e:
            assert "deal code" in str(e)
        else:
            raise AssertionError(f"{bad!r} was taken for a code")


def type_code(app, text: str) -> None:
    press(app, pygame.K_c, "c")
    for ch in text:
        type_char(app, ch)
    press(app, pygame.K_RETURN)


def test_a_typed_deal_code_sets_the_deal_or_opens_its_mode(app):
    app.manager.switch("setup", {"mode": "classic"})
    app.step(0.0)
    type_code(app, "1234")
    assert isinstance(top(app), SetupScene) and top(app).seed == 1234 and top(app).entry is None
    type_code(app, "pillars-42")
    app.step(0.0)
    assert isinstance(top(app), SetupScene) and (top(app).mode, top(app).seed) == ("pillars", 42)


def test_a_typed_level_id_starts_the_level(app):
    app.manager.switch("setup", {"mode": "findall"})
    app.step(0.0)
    type_code(app, "findall-002")
    step(app, 0.2)
    assert type(top(app)).__name__ == "FindAllScene" and top(app).data["level_id"] == "findall-002"


def test_a_wrong_code_is_explained_and_keys_stay_in_the_field(app):
    app.manager.switch("setup", {"mode": "classic"})
    app.step(0.0)
    scene = top(app)
    seed = scene.seed
    type_code(app, "nnn")  # N would be "New deal" outside the field
    assert scene.entry is not None and "not a deal code" in scene.entry.error and scene.seed == seed
    press(app, pygame.K_ESCAPE)
    assert scene.entry is None and isinstance(top(app), SetupScene)


# ----- 5: the tutorial shows which three cards made the Set -------------------------------------
def test_the_solved_tutorial_rings_only_the_three_cards_of_the_set(app):
    app.manager.switch("tutorial", {})
    app.step(0.0)
    scene = top(app)
    for _ in range(len(STEPS) - 1):
        press(app, pygame.K_RETURN)
    cards = scene.cards
    trio = next([a, b, c] for a in cards for b in cards for c in cards if a < b < c and is_set(a, b, c))
    for c in trio:
        type_char(app, str(cards.index(c) + 1))
    assert scene.solved
    ringed = []
    scene.blit_card = lambda surface, art, c, r, ring=False: ringed.append(c) if ring else None
    scene.draw(app.screen)
    assert sorted(ringed) == sorted(trio)


# ----- 8: small windows: no text under 11 px, letters evenly spaced -----------------------------
def test_small_text_is_readable_and_evenly_spaced():
    pygame.font.init()
    assert theme.text("Settings", 6).get_height() == theme.text("Settings", 11).get_height()
    big = theme.text_size("Settings 20/20 SET", 45)[0]
    small = theme.text("Settings 20/20 SET", 12).get_width()
    assert abs(small / big - 12 / 45) < 0.02  # in proportion: no letter pushed a pixel aside
    assert theme.wrap("anyone can replay this deal from its code", 12, 120) == \
        [line for line in theme.wrap("anyone can replay this deal from its code", 12, 120)
         if theme.text_size(line, 12)[0] <= 120]


# ----- 10: the results, levels and menu screens use the window and keep clear of each other ------
def test_the_results_page_is_centred_above_its_buttons(tmp_path):
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        app = make_app(tmp_path, size=size)
        app.start()
        app.manager.switch("results", {"mode": "points", "score": "1 points", "lines": ["1 Sets taken"],
                                       "by_worth": [0, 0, 1, 0]})
        step(app, 0.2)
        t, u = top(app).page()
        room = top(app).column.buttons[0].rect.top - top(app).u * 0.8
        height = (13.2 + 1.6 + 9.3) * u
        assert t > 0 and abs((room - (t + height)) - t) < 2  # as much room under the page as over it
        shut_down()


#: a count of one written with its noun in the plural ("1 points", "1 wrong picks")
ONE_MANY = re.compile(r"\b1 (points|Sets|wrong picks|repeats|hints|cards|moves|tries|misses)\b")


def summary_texts(s) -> list[str]:
    """What the results screen writes of a session's game: its title, score and lines."""
    d = s.game.summary({p: p for p in s.players})
    return [str(d["title"]), str(d["score"]), *d["lines"]]


def one_of_each(mode: str) -> list[str]:
    """A one-seat game of ``mode`` with a wrong pick, a hint and a repeat where the mode has them,
    played out by the plain player step by step; the results' text after every step (each count
    passes through one on the way: the first Set, the first point, the last card)."""
    cls = variants.game_class(mode)
    s = new_session(mode, seed=5, seats=["human"] * cls.SEATS[0], now=0.0)
    g = s.game

    def attempt(move: str | None) -> None:
        try:
            if move is not None:
                g.play(move)
        except IllegalMove:
            pass  # the mode has no such move now

    wrong = next((c for c in combinations(g.table_cards(), 3) if not is_set(*c)), None)
    if wrong:
        attempt(g.pick_move("P1", wrong) if not cls.ONE_BY_ONE else None)
        attempt("set " + " ".join(code(c) for c in wrong))
    attempt("hint")
    texts, memory, now = [], {}, 0.0
    while not s.over and now < 36_000:
        texts += summary_texts(s)
        now += 2.0
        s.tick(now)
        for seat in range(len(s.seats)):
            move = None if s.over else g.demo_choice(memory, s.player(seat) if s.realtime else None)
            if move is not None:
                try:
                    s.act(seat, move, now)
                except ValueError:
                    continue
                if Move.parse(g.history[-1]).verb == "set" and len(g.history) < 6:
                    attempt(g.history[-1])  # the same Set again: a repeat where the mode counts them
    return texts + summary_texts(s)


@pytest.mark.parametrize("mode", variants.MODES)
def test_every_modes_results_say_a_count_of_one_in_the_singular(mode):
    cls = variants.game_class(mode)
    texts = one_of_each(mode)
    for seats in sorted({cls.SEATS[0], min(cls.SEATS[1], 2)}):
        texts += summary_texts(play_out(new_session(mode, seed=5, seats=["human"] * seats, now=0.0)))
    g = variants.new(mode, 5)
    texts += [g.par_line(1) or "", cls.result_words(True, 1), cls.level_facts({"sets": 1, "table": ["1RDE"], "par": 1}),
              *(cls.share_line({"score": 1, "unit": k.unit, "par": 1}) for k in cls.KINDS),
              *(counted(1, k.unit) for k in cls.KINDS)]
    assert len(texts) > 10 and [t for t in texts if ONE_MANY.search(t)] == []
    assert ONE_MANY.search("11 points · 1 wrong picks") and not ONE_MANY.search("11 points · 1 wrong pick")


def test_level_tiles_end_above_the_menu_button_and_fill_the_room(tmp_path):
    for size in ((800, 600), (1280, 720), (1920, 1080)):
        app = make_app(tmp_path, size=size)
        app.start()
        app.manager.switch("levels", {})
        app.step(0.0)
        scene = top(app)
        assert isinstance(scene, LevelsScene)
        lowest = max(r.bottom for r in scene.tiles)
        assert lowest <= scene.back.rect.top - scene.u * 0.5
        assert lowest - scene.grid.top > 0.5 * (scene.back.rect.top - scene.grid.top)
        shut_down()


def test_the_menu_with_continue_keeps_clear_of_its_footer(tmp_path):
    for size in ((640, 400), (800, 600), (1280, 720), (1920, 1080)):
        app = make_app(tmp_path, size=size)
        app.saved_modes = lambda: ["pillars"]
        app.start()
        scene = top(app)
        assert isinstance(scene, MenuScene) and scene.columns[-1].buttons[0].label == "Continue Pillars"
        footer_top = size[1] - scene.u * 1.2 - theme.text_size("arrows", round(scene.u * 0.85))[1] / 2
        assert scene.columns[-1].buttons[-1].rect.bottom < footer_top - 2
        shut_down()


def test_the_menu_lays_the_modes_and_the_races_side_by_side_and_arrows_keep_the_row(tmp_path):
    from scenes.modes import MODES, ORDER

    app = make_app(tmp_path, size=(1280, 720))
    app.start()
    scene = top(app)
    play, races, more = scene.columns
    assert [b.label for b in play.buttons + races.buttons] == [MODES[m].title for m in ORDER]
    assert [b.label for b in races.buttons][0] == "Junior SET" and more.buttons[-1].label == "Quit"
    assert play.buttons[0].rect.right < races.buttons[0].rect.left < more.buttons[0].rect.left
    assert play.buttons[0].rect.h >= 30  # eleven modes no longer squeeze one column at 720 lines
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    assert (scene.active, races.focus) == (1, 2) and play.focus == -1
    press(app, pygame.K_RIGHT)
    assert (scene.active, more.focus) == (2, 2)
    press(app, pygame.K_RIGHT)  # round to the first column again
    assert (scene.active, play.focus) == (0, 2)
    press(app, pygame.K_LEFT)
    assert scene.active == 2
    press(app, pygame.K_RETURN)  # the third of MORE: Puzzle levels
    step(app, 3)
    assert type(top(app)).__name__ == "LevelsScene"
    shut_down()


# ----- 13: the set-up files ---------------------------------------------------------------------
def test_the_readme_runs_the_game_with_the_venvs_python():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert not re.search(r"(^|[`\s])python (main\.py|-m |tools/)", text, re.M)
    assert "Deal codes look like `pillars-42`" in text


def test_make_test_does_not_install_pyinstaller():
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    stamp = make.split("$(STAMP): pyproject.toml", 1)[1].split("\n\n", 1)[0]
    assert ".[dev]" in stamp and "build" not in stamp
    assert re.search(r"^dist: \$\(BUILD\)", make, re.M) and re.search(r"^test: \$\(STAMP\)", make, re.M)



def test_daily_results_agree_in_number():
    from scenes.daily import result_text

    assert result_text("mags", {"score": 1, "time": 5}).startswith("1 Set ·")
    assert result_text("points", {"score": 1, "time": 5}).startswith("1 point ·")
    assert result_text("classic", {"score": 3, "time": 5}).startswith("3 points ·")


def test_a_card_in_a_new_column_moves_none_of_the_others_with_min_cols():
    from sprites.layout import card_width, table_slots

    board = pygame.Rect(0, 0, 900, 560)
    assert card_width(13, board, 4) == card_width(12, board, 4)
    assert table_slots(13, board, min_cols=4)[:12] == table_slots(12, board, min_cols=4)
    assert table_slots(13, board)[:12] != table_slots(12, board)  # without it the grid is centred again
