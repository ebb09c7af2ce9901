"""What a frame draws again: Classic's bars keyed by what they show, drawing ahead kept off the busiest
frames, floating texts drawn where the clip meets them, once a moment."""

from __future__ import annotations

import pygame
from scene_driver import click, click_cards, first_set, settle, step, top

from scenes.classic import ClassicScene
from scenes.effects import Effects
from scenes.redraw import ArtWarmer, merge
from sprites import theme

TUTORIALS_SEEN = ("chain",)


def _classic(app, seats=("human", "human")) -> ClassicScene:
    app.manager.switch("classic", {"seed": 11, "options": {"players": len(seats)}, "seats": list(seats)})
    app.step(0.0)
    settle(app)
    return top(app)


def _changed(before, after) -> set[int]:
    return {i for i, ((_r, a), (_s, b)) in enumerate(zip(before, after)) if a != b}


def test_a_set_changes_its_takers_box_not_the_top_bar_nor_the_panel_nor_the_other_box(app):
    scene = _classic(app)
    before = scene.regions()
    boxes = [i for i, (r, _k) in enumerate(before) if r == scene.player_box(0).inflate(4, 4)]
    other = [i for i, (r, _k) in enumerate(before) if r == scene.player_box(1).inflate(4, 4)]
    click_cards(app, first_set(scene))  # a click calls for P1 and picks
    changed = _changed(before, scene.regions())
    assert (scene.v["scores"]["P1"], bool(changed & set(boxes)), changed & {0, 2, *other}) == (1, True, set())


def test_a_seconds_tick_changes_the_clock_only_and_its_box_holds_the_old_and_new_words(app):
    scene = _classic(app, ("human",))
    before, label = scene.regions(), scene.clock_label()
    while scene.clock_label() == label:
        app.step(1 / 30)
    after = scene.regions()
    u = scene.frame.unit
    drawn = [theme.text(s, round(u * 2.0), theme.INK, True).get_rect(
        center=(int(scene.frame.board.centerx), int(scene.frame.top.centery))) for s in (label, scene.clock_label())]
    box = after[-1][0]
    assert (_changed(before, after), box.contains(drawn[0]), box.contains(drawn[1])) == ({len(after) - 1}, True, True)


class _Art:
    """A stand-in card art that counts its drawing-ahead steps (each step draws one card; ``endless``:
    none is ever done)."""

    def __init__(self, endless: bool = False) -> None:
        self.done: set[int] = set()
        self.steps = 0
        self.endless = endless

    def drawn(self, c: int) -> bool:
        return c in self.done

    def prepare(self, c: int) -> None:
        self.steps += 1
        if not self.endless:
            self.done.add(c)


def test_no_card_is_drawn_ahead_in_the_update_a_move_changed_the_table():
    art, warmer = _Art(), ArtWarmer()
    warmer.step(1 / 120, list(range(12)), lambda n: art)
    first = art.steps
    for _ in range(4):
        warmer.step(1 / 120, list(range(12)), lambda n: art)
    assert (first, art.steps > 0) == (0, True)


def test_while_nothing_moves_two_steps_are_taken_a_frame():
    counts = []
    for steps in (1, 2):
        art, warmer = _Art(endless=True), ArtWarmer()
        for _ in range(240):  # two seconds of updates at 120 a second
            warmer.step(1 / 120, list(range(81)), lambda n, art=art: art, steps)
        counts.append(art.steps)
    assert (abs(2 * counts[0] - counts[1]) <= 2, counts[0] >= 100) == (True, True)


def test_a_floating_text_is_drawn_only_where_the_clip_meets_it_and_faded_once_a_moment(app):
    effects = Effects()
    effects.float_text("+1", (200, 200), theme.GOOD, 20)
    f = effects.floats[0]
    shown = f.image()
    screen = app.screen
    screen.fill((0, 0, 0))
    screen.set_clip(pygame.Rect(600, 400, 50, 50))  # far from it
    effects.draw(screen, clipped=True)
    screen.set_clip(None)
    untouched = pygame.image.tobytes(screen, "RGB") == bytes(len(pygame.image.tobytes(screen, "RGB")))
    same = f.image() is shown
    effects.update(0.1)
    assert (untouched, same, f.image() is shown) == (True, True, False)


def test_a_frame_drawn_in_passes_draws_like_one_drawn_whole_while_a_set_flies(app):
    scene = _classic(app, ("human",))
    click_cards(app, first_set(scene))
    same = []
    for _ in range(12):
        app.step(1 / 60)
        partial = pygame.image.tobytes(app.screen, "RGB")
        app.manager.full = True
        app.draw()
        same.append(partial == pygame.image.tobytes(app.screen, "RGB"))
    step(app, 0.5)
    assert all(same)


def test_joined_rectangles_cover_every_dirty_one_and_never_overlap():
    rects = [pygame.Rect((i * 37) % 900, (i * 53) % 500, 20 + (i * 7) % 120, 15 + (i * 11) % 90) for i in range(60)]
    kept = []
    for waste in (0, 5_000, 60_000):
        out = merge(rects, waste=waste)
        covered = all(any(o.contains(r) for o in out) for r in rects)
        disjoint = not any(a.colliderect(b) for i, a in enumerate(out) for b in out[i + 1:])
        kept.append((covered, disjoint, len(out) <= 6))
    assert kept == [(True, True, True)] * 3


def test_a_grid_of_cards_is_one_pass_and_two_far_corners_are_two():
    grid = [pygame.Rect(100 + x * 280, 100 + y * 200, 250, 160) for x in range(4) for y in range(3)]
    corners = [pygame.Rect(0, 0, 300, 200), pygame.Rect(1500, 800, 300, 200)]
    assert (len(merge(grid)), len(merge(corners))) == (1, 2)


def test_picking_a_card_of_set_chains_last_set_redraws_like_a_full_redraw(app):
    app.manager.switch("chain", {"seed": 11, "options": {"players": 1}, "seats": ["human"]})
    app.step(0.0)
    settle(app)
    scene = top(app)
    click_cards(app, first_set(scene))
    settle(app)
    shown = scene.previous_cards()
    c, where = shown[0]
    click(app, where.center)  # the call, and this card picked
    step(app, 0.3, 1 / 60)
    picked = c in scene.selected
    click(app, where.center)  # unpicked: only its ring goes
    app.step(1 / 60)
    partial = pygame.image.tobytes(app.screen, "RGB")
    app.manager.full = True
    app.draw()
    assert (len(shown), picked, c in scene.selected, partial == pygame.image.tobytes(app.screen, "RGB")) == \
        (3, True, False, True)
