"""Text fields headless: the online name is kept across launches, and every field (the online name and room, the
setup's deal code, the custom keyboard) takes Ctrl+A, Backspace, Ctrl+Backspace / Ctrl+W and Ctrl+V."""

from __future__ import annotations

import json

import pygame
import pytest
from scene_driver import make_app, press, texts_of, top, type_char

from game.codes import short_code
from scenes.menu import MenuScene
from scenes.online import OnlineScene
from scenes.setup import SetupScene
from sprites.audio import shut_down

CTRL = pygame.KMOD_LCTRL


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    shut_down()


def open_online(app) -> OnlineScene:
    app.manager.switch("online", {})
    app.step(0.0)
    scene = top(app)
    press(app, pygame.K_TAB)  # from the room field to the name
    assert scene.focus == 0
    return scene


def type_text(app, text: str) -> None:
    for ch in text:
        type_char(app, ch)


def select_all(app) -> None:
    press(app, pygame.K_a, "\x01", CTRL)


def restart(app, tmp_path):
    """Close the window and open a new one on the same data folder."""
    app.close()
    shut_down()
    return make_app(tmp_path)


def test_the_name_typed_is_shown_after_a_restart(app, tmp_path):
    scene = open_online(app)
    assert scene.fields[0].text == "Player"
    select_all(app)
    type_text(app, "ann 2")
    press(app, pygame.K_ESCAPE)  # Esc leaves for the menu, as before
    app.step(0.0)
    assert isinstance(top(app), MenuScene)
    again = restart(app, tmp_path)
    assert open_online(again).fields[0].text == "ann 2"
    select_all(again)
    type_text(again, "bo")
    again2 = restart(again, tmp_path)  # the window closed on the online screen: the name is kept too
    assert open_online(again2).fields[0].text == "bo"


def test_ctrl_a_then_typing_replaces_and_backspace_clears(app):
    scene = open_online(app)
    field = scene.fields[0]
    assert field.selected  # Tab into a field selects its text
    press(app, pygame.K_END)
    assert not field.selected
    select_all(app)
    assert field.selected
    type_char(app, "z")
    assert (field.text, field.selected) == ("z", False)
    type_text(app, "oe")
    select_all(app)
    press(app, pygame.K_BACKSPACE)
    assert field.text == ""
    press(app, pygame.K_BACKSPACE)  # nothing left: nothing happens, no error
    assert (field.text, scene.error) == ("", "")


def test_ctrl_backspace_and_ctrl_w_take_the_last_word(app):
    scene = open_online(app)
    field = scene.fields[0]
    select_all(app)
    type_text(app, "ann lee x")
    press(app, pygame.K_BACKSPACE, "\x08", CTRL)
    assert field.text == "ann lee "
    press(app, pygame.K_w, "\x17", CTRL)
    assert field.text == "ann "
    press(app, pygame.K_BACKSPACE)
    assert field.text == "ann"


def test_ctrl_v_pastes_the_first_line_up_to_the_limit(app):
    scene = open_online(app)
    field = scene.fields[0]
    pygame.scrap.put_text("  Zoe from the office with a long name\nsecond line")
    select_all(app)
    press(app, pygame.K_v, "\x16", CTRL)
    assert field.text == "Zoe from the off"  # 16 characters: the field's limit
    assert "At most 16 characters" in scene.error
    press(app, pygame.K_TAB)  # the room field gains the same keys
    pygame.scrap.put_text("k7m2-9qxd")
    press(app, pygame.K_v, "\x16", CTRL)
    assert (scene.fields[1].text, scene.error) == ("k7m2-9qxd", "")


def test_enter_still_joins_from_the_room_field(app):
    scene = open_online(app)
    press(app, pygame.K_TAB)
    type_text(app, "nonsense!")
    press(app, pygame.K_RETURN)  # not a room code: the reason, and the text stays
    assert isinstance(top(app), OnlineScene) and scene.error and scene.fields[1].text == "nonsense!"


def test_a_damaged_name_in_the_settings_is_reset_with_a_notice(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"version": 1, "online_name": "x" * 300}),
                                            encoding="utf-8")
    app = make_app(tmp_path)
    assert app.settings["online_name"] == "" and any("online_name" in n for n in app.store.notices), \
        app.store.notices
    assert open_online(app).fields[0].text == "Player"
    shut_down()


def test_the_deal_code_field_takes_a_pasted_code_over_a_selected_one(app):
    app.manager.switch("setup", {"mode": "classic"})
    app.step(0.0)
    scene: SetupScene = top(app)
    press(app, pygame.K_c, "c")
    type_text(app, "wrong")
    pygame.scrap.put_text(short_code("classic", 31337) + "\n")
    select_all(app)
    press(app, pygame.K_v, "\x16", CTRL)
    assert scene.entry.text == short_code("classic", 31337)
    press(app, pygame.K_RETURN)
    assert (scene.entry, scene.seed) == (None, 31337)


def test_the_custom_keyboard_field_takes_ctrl_a_and_ctrl_w(app):
    app.manager.switch("settings", {})
    app.step(0.0)
    scene = top(app)
    scene.type_keys()  # what choosing "Custom…" on the keyboard row opens
    entry = scene.entry
    type_text(app, "abc-def")
    press(app, pygame.K_w, "\x17", CTRL)
    assert entry.text == "abc-"
    press(app, pygame.K_w, "\x17", CTRL)
    assert entry.text == "abc"
    select_all(app)
    type_char(app, "q")
    assert entry.text == "q"


# ----- the caret -------------------------------------------------------------------------------------
def test_the_caret_moves_by_a_character_a_word_and_to_the_ends_and_typing_goes_in_at_it(app):
    scene = open_online(app)
    field = scene.fields[0]
    select_all(app)
    type_text(app, "ann lee")
    assert field.caret == 7
    press(app, pygame.K_HOME)
    type_char(app, "x")
    assert (field.text, field.caret) == ("xann lee", 1)
    press(app, pygame.K_END)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    type_char(app, "-")
    assert (field.text, field.caret) == ("xann l-ee", 7)
    press(app, pygame.K_RIGHT)
    assert field.caret == 8
    press(app, pygame.K_LEFT, "", CTRL)
    assert field.caret == 7  # "ee", the word before
    press(app, pygame.K_LEFT, "", CTRL)
    assert field.caret == 6  # "-": punctuation is a word of its own
    press(app, pygame.K_LEFT, "", CTRL)
    assert field.caret == 5
    press(app, pygame.K_LEFT, "", CTRL)
    assert field.caret == 0
    press(app, pygame.K_RIGHT, "", CTRL)
    assert field.caret == 4
    press(app, pygame.K_RIGHT, "", CTRL)
    assert field.caret == 6
    press(app, pygame.K_END)
    press(app, pygame.K_RIGHT)  # at the end: no further (the public games list is empty here)
    assert field.caret == 9 and not scene.on_list


def test_delete_backspace_and_the_word_keys_cut_at_the_caret(app):
    scene = open_online(app)
    field = scene.fields[0]
    select_all(app)
    type_text(app, "ann lee x")
    press(app, pygame.K_HOME)
    press(app, pygame.K_DELETE)
    assert (field.text, field.caret) == ("nn lee x", 0)
    press(app, pygame.K_DELETE, "", CTRL)
    assert (field.text, field.caret) == (" lee x", 0)
    press(app, pygame.K_RIGHT, "", CTRL)
    assert field.caret == 4
    press(app, pygame.K_BACKSPACE)
    assert (field.text, field.caret) == (" le x", 3)
    press(app, pygame.K_BACKSPACE, "\x08", CTRL)
    assert (field.text, field.caret) == ("  x", 1)
    press(app, pygame.K_END)
    press(app, pygame.K_DELETE)  # nothing after the caret: nothing happens
    assert field.text == "  x"
    select_all(app)
    press(app, pygame.K_DELETE)  # the whole text selected: Delete clears it
    assert (field.text, field.caret) == ("", 0)


def test_a_selection_ends_at_its_start_or_end_and_a_paste_goes_in_at_the_caret(app):
    scene = open_online(app)
    field = scene.fields[0]
    select_all(app)
    type_text(app, "bo")
    select_all(app)
    press(app, pygame.K_LEFT)  # the caret at the start of what was selected
    assert (field.selected, field.caret, field.text) == (False, 0, "bo")
    pygame.scrap.put_text("zed\nnot this")
    press(app, pygame.K_v, "\x16", CTRL)
    assert (field.text, field.caret) == ("zedbo", 3)
    select_all(app)
    press(app, pygame.K_RIGHT)
    assert (field.selected, field.caret) == (False, 5)
    type_text(app, "0123456789abcdef")  # past the limit (16): what fits goes in at the caret
    assert field.text == "zedbo0123456789a" and "At most 16" in scene.error


def accent_columns(surface: pygame.Surface, rect: pygame.Rect) -> list[int]:
    """The columns inside ``rect`` (its edge left out) where the accent colour (the caret) is drawn."""
    from sprites import theme

    inner = rect.inflate(-10, -10)
    return sorted({x for x in range(inner.left, inner.right) for y in range(inner.top, inner.bottom)
                   if surface.get_at((x, y))[:3] == theme.ACCENT[:3]})


def test_the_caret_is_drawn_where_it_is_and_a_click_puts_it_there(app):
    scene = open_online(app)
    field = scene.fields[0]
    select_all(app)
    type_text(app, "ann lee")
    surface = pygame.Surface(app.screen.get_size())
    field.draw(surface, True, scene.u)
    at_end = accent_columns(surface, field.rect)
    press(app, pygame.K_HOME)
    surface.fill((0, 0, 0))
    field.draw(surface, True, scene.u)
    at_start = accent_columns(surface, field.rect)
    assert at_start and at_end and max(at_start) < min(at_end) - 20
    surface.fill((0, 0, 0))
    field.draw(surface, False, scene.u)  # not the field typed in: no caret
    assert accent_columns(surface, field.rect) == []
    from sprites import theme

    size = round(field.rect.h * 0.5)
    x = field.rect.left + scene.u * 0.8 + theme.text_size("ann", size, True)[0] + 1
    click_at = (round(x), field.rect.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click_at, button=1))
    app.step(0.0)
    assert field.caret == 3
    type_char(app, "!")
    assert field.text == "ann! lee"


def test_a_text_longer_than_its_field_shows_the_part_around_the_caret():
    from scenes.typed import MORE, TypedText, window
    from sprites import theme

    pygame.init()
    try:
        text = "R1BQB-FVTK " * 8
        field = TypedText(text, 200)
        for caret in (0, 5, 40, len(text)):
            field.caret = caret
            a, b, lead, end = field.shown(14, 120)
            assert a <= caret <= b and (lead == MORE) == (a > 0) and (end == MORE) == (b < len(text))
            assert theme.text_size(lead + text[a:b] + end, 14, True)[0] <= 120
            assert (a, b) == window(text, caret, 14, 120)
        assert field.shown(14, 5000) == (0, len(text), "", "")
    finally:
        shut_down()


def test_the_deal_code_field_moves_its_caret_too(app):
    app.manager.switch("setup", {"mode": "classic"})
    app.step(0.0)
    scene: SetupScene = top(app)
    press(app, pygame.K_c, "c")
    type_text(app, "31337")
    press(app, pygame.K_HOME)
    press(app, pygame.K_DELETE)
    press(app, pygame.K_END)
    type_char(app, "8")
    assert scene.entry.text == "13378"
    press(app, pygame.K_RETURN)
    assert (scene.entry, scene.seed) == (None, 13378)


def test_the_paste_box_keeps_the_start_of_a_share_text_in_sight_and_moves_its_caret():
    from game.share import PREFIX
    from scenes.sharing import PasteBox

    pygame.init()
    try:
        box = PasteBox()
        box.type(PREFIX + "x" * 3000)
        a, b, lead, end = box.shown(14, 300)
        assert lead.startswith(PREFIX) and lead.endswith("…") and (b, end) == (len(box.text), "")
        box.edit(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, unicode="", mod=0))
        a, b, lead, end = box.shown(14, 300)
        assert (a, lead, end) == (0, "", "…") and box.caret == 0
        box.edit(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, unicode="", mod=0))
        assert box.text.startswith(PREFIX[1:])
    finally:
        shut_down()


# ----- a pad, which cannot type ----------------------------------------------------------------------
def pad_button(app, button: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button))
    app.step(0.0)


def written(app, scene) -> list[str]:
    """What ``scene`` writes when drawn now."""
    return texts_of(lambda: scene.draw(app.screen))


def test_the_online_form_tells_a_pad_what_it_can_do_and_keeps_a_name(app, monkeypatch):
    import scenes.online as online

    scene = open_online(app)
    select_all(app)
    press(app, pygame.K_BACKSPACE)  # no name typed: "Player" plays
    assert scene.name == "Player"
    assert online.PAD_KEYS not in written(app, scene)
    pad_button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # a pad in use: its keys at the foot
    assert online.PAD_KEYS in written(app, scene)
    pad_button(app, pygame.CONTROLLER_BUTTON_B)  # and B is the way back
    assert isinstance(top(app), MenuScene)


def test_history_tells_a_pad_it_cannot_paste_instead_of_opening_a_silent_box(app, monkeypatch):
    import scenes.history as history

    app.manager.switch("history", {})
    app.step(0.0)
    scene = top(app)
    pad_button(app, pygame.CONTROLLER_BUTTON_X)  # X is Tab: the paste box, for a keyboard
    assert not scene.typing and scene.paste.problem == history.PAD_PASTE
    texts = written(app, scene)
    assert history.PAD_TIP in texts and any(t.startswith("A pad cannot paste") for t in texts)
    press(app, pygame.K_TAB)  # a keyboard's Tab still opens the box
    assert scene.typing


def test_a_field_a_pad_opened_says_it_cannot_type_and_b_cancels(app):
    app.manager.switch("settings", {})
    app.step(0.0)
    scene = top(app)
    had = app.settings.get("card_keys")
    scene.type_keys()  # what choosing "Custom…" (a pad's Left/Right on the keyboard row) opens
    pad_button(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.entry is not None and scene.entry.error.startswith("A pad cannot type here")
    pad_button(app, pygame.CONTROLLER_BUTTON_B)
    assert scene.entry is None and app.settings.get("card_keys") == had and isinstance(top(app), type(scene))


@pytest.mark.parametrize("where", ["setup", "settings"])
def test_a_click_in_a_field_that_opened_for_an_answer_puts_the_caret_there(app, where):
    from sprites import theme

    app.manager.switch(where, {"mode": "classic"} if where == "setup" else {})
    app.step(0.0)
    scene = top(app)
    if where == "setup":
        press(app, pygame.K_c, "c")
    else:
        scene.type_keys()
    type_text(app, "123qwe")
    rect = scene.entry_rect()
    size = max(12, round(rect.h * 0.42))
    x = rect.left + rect.h * 0.4 + theme.text_size("12", size, True)[0] + 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(x), rect.centery), button=1))
    app.step(0.0)
    assert scene.entry is not None and scene.entry.caret == 2
    type_char(app, "9")
    assert scene.entry.text == "1293qwe"[:scene.entry.limit]
