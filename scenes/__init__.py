"""Scenes: one screen each, run by a ``SceneManager`` inside the ``App`` loop.

How the pieces fit
------------------
* ``scenes.base.Scene`` — the lifecycle: ``enter(data)``, ``exit()``,
  ``handle_event(e) -> bool`` (consumed?), ``update(dt)``, ``draw(surface)``
  (never changes state), ``resize(size)``, and ``animating`` / ``wake_in()``
  which tell the loop when it may sleep.
* ``scenes.manager.SceneManager`` — a stack.  ``switch(name, data)``,
  ``push(name, data)`` and ``pop()`` are queued and applied between frames.
  Overlays (pause, help) sit on top: they get events first, and only the
  top scene is updated, so the game's clock stops under a pause.
* ``scenes.table.TableScene`` — the base of every play scene, built from
  parts it holds: ``link`` (``scenes.link.SessionLink``: the session, acting,
  saving, replays, the results hand-off), ``hud`` (``scenes.hud.Hud``: top
  bar, clock, deck, toast), ``board`` (``scenes.board.TableBoard`` for open
  tables, ``scenes.solitaire.PileBoard`` for piles: layout, picking,
  drawing), ``tracker`` (``scenes.redraw.RedrawTracker``) and ``effects``.
  A play scene has at most two project base classes (``tests/test_scene_structure.py``).
* Three parts, imports running one way: the shell (app, manager, base,
  widgets, overlays, the parts above), the screens (menu, setup, results,
  ...) and play (a scene per mode, its board); shell never imports play or
  screens, play never imports screens, and there is no import cycle.
* ``game.modes.MODES`` (read through ``scenes.modes``) — what the menu,
  setup screen and help know about each mode (title, setup options, rules in
  plain words, its play scene), a view of its class in ``game.variants``.
* ``scenes.app.App`` — the window, the fixed-step loop (``App.step(dt)``
  is the loop body tests call), the store, the sound.

Drawing only what changed
-------------------------
Filling a 1920×1080 window costs milliseconds, so a scene alone on the
stack may answer ``dirty(alpha)`` with the rectangles that change in the
next frame; the App then redraws just those (``draw`` runs once per
rectangle with the surface clipped to it, so ``draw`` itself stays simple).
A play scene's board does this from two lists: its card sprites (the bounds now
and last frame of every card that moves, animates, changes its look, comes
or goes) and ``regions()`` — (area, key) pairs redrawn when their key
changes.  A new part of the screen that changes by itself needs a region
whose key says what it shows.  ``tests/test_app.py`` checks that partial
redraws equal a full redraw.  Since ``draw`` runs once per rectangle, it
skips what lies outside the clip and does per-frame work (scaling a card,
drawing a face) once: ``CardSprite.image`` keeps its last image, and
``scenes.redraw.ArtWarmer`` draws the faces of the next card size ahead, a step
a frame.  The felt is ``theme.paint_background`` (fills, no window-sized copy).

Adding a scene
--------------
1. Write ``scenes/<name>.py`` with a ``Scene`` subclass (a mode's play
   scene subclasses ``TableScene`` and overrides ``submit``/``buttons``/
   ``draw_side``, with ``BOARD`` set to a ``PileBoard`` subclass for piles;
   see ``scenes/findall.py``, the smallest).  What its results, stars and
   share text say are hooks on its Game (``game/variants/base.py``).
2. Add ``"<name>": "scenes.<name>:<Class>"`` to ``SCENES`` below (imported
   lazily, so start-up stays fast).
3. A new mode needs no scene of its own when its class belongs to a family
   in ``PLAY_SCENES`` (a ``Race`` plays in Classic's scene); else add its
   class and scene there.  Everything a screen shows of a mode (title, setup
   rows, help, daily note and solver, levels, what the lobby offers, its
   first-play pages: ``TUTORIAL``) is read from its class, and the list of
   modes from the registry: no screen writes a mode's name.
"""

from __future__ import annotations

import importlib

from game import variants
from game.variants.base import Game
from game.variants.classic import Classic
from game.variants.findall import FindAll
from game.variants.mags import Mags
from game.variants.pillars import Pillars
from game.variants.points import Points
from game.variants.race import Race
from game.variants.twenty import Twenty

#: scene name -> "module:Class", imported the first time the scene is shown
SCENES: dict[str, str] = {
    "start": "scenes.start:StartScene",
    "menu": "scenes.menu:MenuScene",
    "setup": "scenes.setup:SetupScene",
    "twenty_tutorial": "scenes.twenty_tutorial:TwentyTutorialScene",
    "pause": "scenes.overlays:PauseScene",
    "help": "scenes.overlays:HelpScene",
    "tutorial": "scenes.tutorial:TutorialScene",
    "results": "scenes.results:ResultsScene",
    "settings": "scenes.settings:SettingsScene",
    "stats": "scenes.stats:StatsScene",
    "message": "scenes.overlays:MessageScene",
    "solo_tutorial": "scenes.solitaire_tutorial:SoloTutorialScene",
    "daily": "scenes.daily:DailyScene",
    "levels": "scenes.levels:LevelsScene",
    "played": "scenes.share:PlayedScene",
    "unfinished": "scenes.unfinished:UnfinishedScene",
    "online": "scenes.online:OnlineScene",
    "lobby": "scenes.lobby:LobbyScene",
    "history": "scenes.history:HistoryScene",
    "replay": "scenes.replay:ReplayScene",
}


#: a mode's play scene, by the family of its class (the nearest listed base class wins): a mode is
#: found in the registry (game.variants.MODES) and played in its family's scene, named by the mode
PLAY_SCENES: tuple[tuple[type[Game], str], ...] = (
    (Classic, "scenes.classic:ClassicScene"),
    (Race, "scenes.classic:ClassicScene"),  # the race modes play in Classic's scene
    (Points, "scenes.points:PointsScene"),
    (FindAll, "scenes.findall:FindAllScene"),
    (Twenty, "scenes.twenty:TwentyScene"),
    (Pillars, "scenes.pillars:PillarsScene"),
    (Mags, "scenes.mags:MagsScene"),
)


def scene_names() -> list[str]:
    """Every name a scene can be shown by: the registered scenes, then every mode's play scene."""
    return list(SCENES) + list(variants.MODES)


def scene_class(name: str) -> type:
    """The Scene class registered as ``name``, or the play scene of the mode ``name``.

    :raises KeyError: on an unknown scene name, listing the known ones.
    """
    if name in variants.MODES:
        target = play_scene(variants.game_class(name))
    else:
        try:
            target = SCENES[name]
        except KeyError:
            raise KeyError(f"unknown scene {name!r}: one of {', '.join(SCENES)}") from None
    module, cls = target.split(":")
    return vars(importlib.import_module(module))[cls]


def play_scene(game: type[Game]) -> str:
    """The "module:Class" of the scene that plays a mode's class.

    :raises KeyError: for a class of no listed family.
    """
    for base in game.__mro__:
        for family, target in PLAY_SCENES:
            if base is family:
                return target
    raise KeyError(f"no play scene for {game.__name__}")
