"""What a player sees around the cards: the message area, Sprint's penalties, the pause veil, score floats
and one name for each player, at every window size."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pygame
import pytest
from scene_driver import click, make_app, press, settle, step, top

from game.cards import is_set
from scenes.link import SessionLink
from scenes.overlays import SOLID_VEIL, HelpScene, PauseScene
from sprites import theme
from sprites.audio import shut_down
from sprites.hud import clock_text, two_lines

SIZES = [(640, 400), (800, 600), (1280, 720), (1920, 1080)]
TUTORIALS_SEEN = ("classic", "points")
LONG = ("Not a Set — number: two 1s, one 3; colour: two red, one green; shape: two ovals, one diamond; "
        "shading: two open, one solid")


def start(app, seats=("human",), **options):
    app.manager.switch("classic", {"seed": 11, "options": {"players": len(seats), **options}, "seats": list(seats)})
    app.step(0.0)
    settle(app)
    return top(app)


def sized_app(tmp_path, size):
    app = make_app(tmp_path, size=size, seen=TUTORIALS_SEEN)
    app.start()
    return app


def wrong_pick(app, scene) -> list[int]:
    """Click three table cards that are not a Set (posted clicks); returns them."""
    cards = next(t for t in itertools.combinations(scene.table, 3) if not is_set(*t))
    for c in cards:
        click(app, scene.sprites[c].pos)
    return list(cards)


def full_frame(scene) -> pygame.Surface:
    """The scene drawn whole on a fresh surface."""
    surface = pygame.Surface(scene.size)
    scene.alpha = 1.0
    scene.draw(surface)
    return surface


def same_pixels(a: pygame.Surface, b: pygame.Surface, rect: pygame.Rect) -> bool:
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


# ----- the message area --------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_picks_message_never_covers_the_deck_count_and_stays_in_the_window(tmp_path, size):
    app = sized_app(tmp_path, size)
    scene = start(app, timed="sprint")
    quiet = full_frame(scene)
    wrong_pick(app, scene)
    assert scene.toast.visible and scene.toast.s.startswith("Not a Set")
    deck, box = scene.hud.deck_rect(scene.frame), scene.hud.toast_rect(scene.frame)
    assert not box.colliderect(deck) and pygame.Rect((0, 0), size).contains(box)
    assert same_pixels(quiet, full_frame(scene), deck)  # the deck and its count look as before the message
    shut_down()


@pytest.mark.parametrize("size", SIZES)
def test_the_deck_count_lies_inside_its_box(tmp_path, size):
    """Nothing of the deck's count is drawn in the message area: there the strip is the bare background."""
    app = sized_app(tmp_path, size)
    scene = start(app, timed="sprint")
    bare = pygame.Surface(size)
    theme.paint_background(bare)
    assert same_pixels(bare, full_frame(scene), scene.hud.message_area(scene.frame))
    shut_down()


@pytest.mark.parametrize("size", SIZES)
def test_a_long_message_wraps_onto_two_lines_inside_the_window(tmp_path, size):
    app = sized_app(tmp_path, size)
    scene = start(app, timed="sprint")
    scene.toast.show(LONG, theme.BAD)
    step(app, 0.1)
    area, size_px = scene.hud.message_area(scene.frame), round(scene.frame.unit * 1.1)
    lines, k = scene.toast.lines(area, size_px)
    box = scene.hud.toast_rect(scene.frame)
    assert len(lines) == 2 and " ".join(lines) == LONG and k >= 8
    assert all(theme.text_size(line, k, True)[0] <= box.w for line in lines)
    assert pygame.Rect((0, 0), size).contains(box) and area.contains(box)
    assert not box.colliderect(scene.hud.deck_rect(scene.frame))
    assert scene.hud.toast_rect(scene.frame).h > theme.text_size("Ag", size_px, True)[1]  # two lines tall
    shut_down()


def test_a_short_message_stays_on_one_line_under_the_boards_middle(app):
    scene = start(app)
    scene.toast.show("Move taken back", theme.INFO)
    area = scene.hud.message_area(scene.frame)
    assert scene.toast.lines(area, round(scene.frame.unit * 1.1))[0] == ["Move taken back"]
    assert abs(scene.hud.toast_rect(scene.frame).centerx - scene.frame.board.centerx) <= 1


def test_two_lines_break_after_a_stop_and_give_up_when_two_are_not_enough(app):
    width = theme.text_size("aaaa bbbb;", 12, True)[0]
    assert two_lines("aaaa bbbb; cccc dddd", 12, width) == ["aaaa bbbb;", "cccc dddd"]
    assert two_lines("aaaa bbbb; cccc dddd", 12, theme.text_size("aaaa", 12, True)[0]) is None


# ----- Sprint's penalties -------------------------------------------------------------------------
def test_sprints_clock_shows_the_time_with_the_penalty_the_moment_it_is_paid(app):
    scene = start(app, timed="sprint")
    before = scene.clock_label()
    wrong_pick(app, scene)
    assert scene.v["misses"]["P1"] == 1
    assert scene.clock_label() == clock_text(scene.clock + 5) != before
    floats = [f.s for f in scene.effects.floats]
    assert "+5 s" in floats and "−1" not in floats
    five = next(f for f in scene.effects.floats if f.s == "+5 s")
    for _ in range(12):  # it rises beside the clock, in the top bar
        assert scene.frame.top.contains(five.rect())
        step(app, 0.1)


def test_a_normal_games_wrong_pick_still_costs_a_point_in_the_players_row(app):
    scene = start(app)
    wrong_pick(app, scene)
    assert [f.s for f in scene.effects.floats] == ["−1"] and scene.clock_label() == clock_text(scene.clock)


# ----- the pause veil -----------------------------------------------------------------------------
def screen_at(app, pos) -> tuple[int, int, int]:
    app.draw()
    return tuple(pygame.display.get_surface().get_at((int(pos[0]), int(pos[1]))))[:3]


@pytest.mark.parametrize("size", SIZES)
def test_pausing_a_clocked_game_hides_the_cards_under_a_solid_veil(tmp_path, size):
    app = sized_app(tmp_path, size)
    scene = start(app, timed="sprint")
    spots = [s.pos for s in scene.sprites.values()]
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene) and top(app).solid
    box = top(app).box()
    hidden = [p for p in spots if not box.collidepoint(p)]
    assert hidden and all(screen_at(app, p) == SOLID_VEIL for p in hidden)
    shut_down()


def test_a_game_with_opponents_is_hidden_too_and_so_are_its_rules(app):
    scene = start(app, seats=("human", "bot:casual"))
    card_at = next(iter(scene.sprites.values())).pos
    press(app, pygame.K_F1)
    assert isinstance(top(app), HelpScene) and top(app).solid
    app.manager.pop()
    step(app, 0.1)
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene)
    if not top(app).box().collidepoint(card_at):
        assert screen_at(app, card_at) == SOLID_VEIL


def test_a_solitaire_without_a_clock_keeps_the_see_through_veil(app):
    app.manager.switch("points", {"seed": 4, "options": {}})
    settle(app)
    scene = top(app)
    spots = [s.pos for s in scene.sprites.values()]
    press(app, pygame.K_ESCAPE)
    assert isinstance(top(app), PauseScene) and not top(app).solid
    outside = [p for p in spots if not top(app).box().collidepoint(p)]
    assert outside and all(screen_at(app, p) != SOLID_VEIL for p in outside)


# ----- score floats ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(640, 400), (1920, 1080)])
def test_score_floats_rise_inside_their_own_players_row(tmp_path, size):
    app = sized_app(tmp_path, size)
    scene = start(app, seats=("human", "bot:expert", "bot:casual"))
    wrong_pick(app, scene)  # the person's "−1", from their row
    scene.float_text("+1", scene.player_pos("P2"), theme.GOOD)  # as a bot's Set shows it
    mine, theirs = scene.effects.floats
    rows = [scene.player_box(i) for i in range(3)]
    for _ in range(12):
        assert rows[0].contains(mine.rect()) and rows[1].contains(theirs.rect())
        assert not mine.rect().colliderect(rows[1]) and not theirs.rect().colliderect(rows[0])
        step(app, 0.1)
    shut_down()


# ----- one name for each player ------------------------------------------------------------------
def test_a_persons_lapsed_call_is_told_with_the_name_the_panel_shows(app):
    scene = start(app, seats=("human", "bot:casual"))
    press(app, pygame.K_SPACE)
    assert scene.caller == "P1"
    step(app, scene.call_time + 0.5)
    assert scene.toast.s.startswith("You: time is up") and scene.seat_name("P1") == "You"


def test_a_bot_is_called_by_its_level_everywhere(app):
    scene = start(app, seats=("human", "bot:expert", "bot:casual", "bot:casual"))
    names = [scene.seat_name(p) for p in scene.v["players"]]
    assert names == ["You", "Bot (expert)", "Bot 3 (casual)", "Bot 4 (casual)"]
    lines = " ".join(scene.link.results()["lines"])
    assert all(name in lines for name in names[1:]) and "(bot)" not in lines


def test_an_online_bot_seat_reads_as_the_room_names_it():
    session = SimpleNamespace(seat=0, names=["Ann", "Bot (expert)", "Bob", ""], status=lambda i: "",
                              seats=["remote", "bot:expert", "remote", "bot:fast"], players=["P1", "P2", "P3", "P4"])
    link = SessionLink(SimpleNamespace(online=True, session=session))
    assert [link.seat_name(p) for p in session.players] == ["You", "Bot (expert)", "Bob", "Bot (fast)"]
