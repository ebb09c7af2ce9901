"""The analysis beside a replay (``game.analysis``), worked out in the background while the replay plays.

Table modes: the Sets on the table at the replay's moment, each with how
long it has stood (and, once the game moves on, whether it was taken, by
whom, or broken up), the Sets missed before a deal, and each player's
time to find a Set by its worth against their own history.  The second
page (Tab, the "Finds" button, a pad's X) lists the Sets in the order
they were found and the time each took (Find-all's question).

Solitaires with a par: "Par N · you M · par lost at move K" (moves
counted from 1; "not proved" when a budget ran out), your move there
against the par line from that position (Tab / "Par line" / X shows the
whole line), and J (the "Go there" button, a pad's Y) takes the replay
to the position before the losing move.

A page longer than the panel scrolls: PgUp/PgDn, the mouse wheel, a pad's shoulders or right stick; the
rows scrolled past and those still below are counted at its top and foot, with the keys that show them.

The timeline gets its own marks under the track: amber where Sets were
missed (a deal made while they stood, or a pick that broke them up before
anyone took them), red at the move after which par was lost.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from game.analysis import analyse, earlier_games, par_text
from game.cards import card, plural
from sprites import theme
from sprites.cardart import art_for
from sprites.hud import Button, clock_text

MISSED = (255, 170, 60)  # the timeline's mark of Sets missed before a deal
LOST = theme.BAD
FILL = (10, 14, 24)  # the panel's ground: opaque, so a frame's rows never show through the next's
WHEEL_ROWS = 1  # rows a notch of the mouse wheel scrolls


class AnalysisPanel:
    """The panel: ``start`` it with the game, ``draw`` it in its ``rect`` each frame."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.data: dict[str, Any] | None = None
        self.problem = ""
        self.page = 0  # 0: now, 1: finds / the par line
        self.scroll = 0  # rows of the page scrolled past
        self.thread: threading.Thread | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.u = 10.0
        self.drawn: list[tuple[str, pygame.Rect]] = []  # the last draw's rows: ("text" or "card", rect)
        self.page_button = Button("Finds", self.flip, "Tab")
        self.go_button = Button("Go there", self.go, "J", enabled=False)

    # ----- working it out --------------------------------------------------------------------
    def start(self, game: Any, archive: Any) -> None:
        """Work the analysis out in a thread (the archive is read here, in the window's thread)."""
        earlier = earlier_games(game, archive) if archive is not None else []
        self.thread = threading.Thread(target=self._work, args=(game, earlier), daemon=True)
        self.thread.start()

    def _work(self, game: Any, earlier: list[Any]) -> None:
        try:
            self.data = analyse(game, earlier=earlier)
        except (ValueError, RecursionError) as e:
            self.problem = f"No analysis: {e}"
        except Exception as e:  # noqa: BLE001 — a game the analysis cannot follow is said, never a crash
            self.problem = f"No analysis of this game ({type(e).__name__}: {e})"

    def wait(self) -> None:
        """Until the analysis is worked out (its work is fixed: it ends)."""
        if self.thread is not None:
            self.thread.join()

    @property
    def ready(self) -> bool:
        return self.data is not None

    @property
    def solitaire(self) -> bool:
        return self.data is not None and self.data.get("par") is not None

    # ----- actions -------------------------------------------------------------------------
    def flip(self) -> None:
        self.page, self.scroll = 1 - self.page, 0

    def scroll_by(self, step: int) -> None:
        """Scroll the page ``step`` rows down (up when negative), no further than its last row in sight."""
        self.scroll = max(0, min(self.scroll + step, self.most_scroll(self.heights(self.lines_now()))))

    def page_down(self, down: bool) -> None:
        """A page's worth (the rows in sight, but one) down or up."""
        shown = self.fit(self.heights(self.lines_now()), self.scroll)
        self.scroll_by(max(1, shown - 1) * (1 if down else -1))

    def go(self) -> None:
        """To the position before the move after which par was lost."""
        k = self.data.get("lost_event") if self.data else None
        if k is not None:
            self.scene.playing = False
            self.scene.goto(k)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_TAB:
            self.flip()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_j:
            self.go()
            return True
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.page_down(e.key == pygame.K_PAGEDOWN)
            return True
        if e.type == pygame.MOUSEWHEEL:
            self.scroll_by(-WHEEL_ROWS * (1 if e.y > 0 else -1) if e.y else 0)
            return True
        return any(b.handle_event(e) for b in self.buttons())

    def buttons(self) -> list[Button]:
        return [self.page_button, self.go_button] if self.solitaire else [self.page_button]

    # ----- the timeline's marks ------------------------------------------------------------------
    def marks(self) -> list[tuple[int, str]]:
        """(event index, "missed" or "lost") of the analysis' own timeline marks."""
        if self.data is None:
            return []
        broken = {st["event"] for st in self.data["stands"] if st["how"] == "broken"}
        out = [(k, "missed") for k in sorted(broken | {m["event"] for m in self.data["missed"]})]
        if self.data.get("lost_event") is not None:
            out.append((self.data["lost_event"], "lost"))
        return out

    # ----- layout and drawing ----------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, u: float) -> None:
        self.rect, self.u = rect, u
        bw, bh = round((rect.w - u * 1.6) / 2), round(u * 1.8)
        y = rect.bottom - bh - round(u * 0.6)
        self.page_button.rect = pygame.Rect(rect.left + round(u * 0.6), y, bw, bh)
        self.go_button.rect = pygame.Rect(rect.right - round(u * 0.6) - bw, y, bw, bh)

    def lines_now(self) -> list[tuple[str, Any]]:
        """What the panel says at the replay's moment, as (kind, value) rows: "head", "text", "dim",
        "set" (a Set as codes, with its text)."""
        d = self.data
        if d is None:
            return [("dim", self.problem or "Working the analysis out…")]
        if self.solitaire:
            return self.solitaire_lines(d)
        if not d["moments"]:
            return [("dim", "No table of open cards to analyse in this mode.")]
        return self.page_one(d) if self.page == 1 else self.table_lines(d)

    def table_lines(self, d: dict[str, Any]) -> list[tuple[str, Any]]:
        t = self.scene.t
        pos = self.scene.pos
        now = [st for st in d["stands"] if st["from"] <= t + 1e-6 and (st["to"] > t + 1e-6 or st["how"] == "end")]
        out: list[tuple[str, Any]] = [("head", f"On the table now: {plural(len(now), 'Set')}")]
        for st in sorted(now, key=lambda st: st["from"])[:6]:
            out.append(("set", (st["set"], f"standing {clock_text(max(0.0, t - st['from']))}")))
        if len(now) > 6:
            out.append(("dim", f"…and {len(now) - 6} more"))
        gone = [st for st in d["stands"] if st["to"] <= t + 1e-6 and st["how"] != "end"]
        if gone:
            st = max(gone, key=lambda st: st["to"])
            how = f"taken by {self.name(st['by'])}" if st["how"] == "taken" else "broken up"
            out.append(("text", f"Last gone: stood {clock_text(st['stood'])}, {how}"))
        missed = sum(len(m["sets"]) for m in d["missed"] if m["event"] < pos)
        broken = sum(1 for st in d["stands"] if st["how"] == "broken" and st["event"] < pos)
        out.append(("text", f"Missed: {missed} before a deal · {broken} broken up untaken"))
        out.append(("head", "Seconds to find, by worth"))
        for ft in d["find_times"].values():
            out.append(("text", ft["name"]))
            for w, mean in ft["by_worth"].items():
                if mean is None:
                    continue
                hist = (ft.get("history") or {}).get(w)
                was = f" · usually {hist:.1f}" if hist is not None else ""
                out.append(("dim", f"  worth {w}: {mean:.1f} s ({ft['count'][w]}){was}"))
        return out

    def page_one(self, d: dict[str, Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [("head", f"Sets found, in order ({len(d['finds'])})")]
        for k, f in enumerate(d["finds"]):  # those found by the replay's moment lit
            out.append(("set", (f["set"], f"{k + 1}. {self.name(f['player'])} {f['took']:.1f} s",
                                f["t"] <= self.scene.t + 1e-6)))
        return out

    def solitaire_lines(self, d: dict[str, Any]) -> list[tuple[str, Any]]:
        out: list[tuple[str, Any]] = [("head", par_text(d))]
        k = d.get("lost_at")
        if k is not None:
            out.append(move_row(d["your_line"][k], f"your move {k + 1}", "text"))
            start = d.get("lost_from")
            if d["par_line"]:
                where = f"move {k + 1}" if start == k else f"move {start + 1}" if start is not None else "there"
                out.append(("text", f"Par line from {where}:"))
                shown = d["par_line"] if self.page == 1 else d["par_line"][:3]
                first = (start if start is not None else k) + 1
                out += [move_row(m, f"move {first + i}", "dim") for i, m in enumerate(shown)]
                if self.page == 0 and len(d["par_line"]) > 3:
                    out.append(("dim", f"  …{len(d['par_line']) - 3} more (Tab)"))
            else:
                out.append(("dim", "No par line from there within the search's work."))
        elif d["your_score"] >= d["par"]:
            out.append(("text", "Par reached: nothing lost."))
        if not d["par_exact"]:
            out.append(("dim", "The par is the best line found, not proved best."))
        if self.page == 1 or k is None:
            out.append(("text", f"Your line: {len(d['your_line'])} moves; solver's: {len(d['solver_line'])}"))
        return out

    def name(self, player: str | None) -> str:
        names = self.scene.game.names if self.scene.game is not None else []
        n = int(player[1:]) - 1 if player and player[1:].isdigit() else -1
        return names[n] if 0 <= n < len(names) else (player or "?")

    def text(self) -> str:
        """Everything the panel says now, as plain text (what tests read)."""
        parts = []
        for kind, value in self.lines_now():
            parts.append(" ".join(value[0]) + " " + value[1] if kind == "set" else str(value))
        return "\n".join(parts)

    def metrics(self) -> tuple[int, float, float]:
        """The rows' text size, a line's height (with the gap under it) and the rows' width."""
        u = self.u
        size = round(u * 0.72)
        return size, max(u * 0.95, theme.text_size("Ag", size, True)[1] + 1), self.rect.w - u * 1.4

    def heights(self, rows: list[tuple[str, Any]]) -> list[float]:
        """Each row's band, as ``draw`` draws it."""
        size, line, width = self.metrics()
        return [self.set_height() if kind == "set" else
                line * len(wrap(str(value), size, width)) + (self.u * 0.2 if kind == "head" else 0)
                for kind, value in rows]

    def fit(self, heights: list[float], start: int) -> int:
        """How many rows from ``start`` are in sight: under the line that counts the rows above (when
        scrolled), over the "…more" line (unless the last row is in sight)."""
        _size, line, _width = self.metrics()
        y = self.rect.top + self.u * 2.3 + (line if start > 0 else 0)
        bottom = self.page_button.rect.top - self.u * 0.4
        n = 0
        for k in range(start, len(heights)):
            if y + heights[k] + (line if k < len(heights) - 1 else 0) > bottom:
                break
            y += heights[k]
            n += 1
        return n

    def most_scroll(self, heights: list[float]) -> int:
        """The furthest the page scrolls: where its last row comes in sight."""
        return next((k for k in range(len(heights)) if k + self.fit(heights, k) >= len(heights)), 0)

    def scroll_keys(self) -> tuple[str, str]:
        """The keys that scroll, as the device in use names them (up, down)."""
        pads = self.scene.app.pads
        return ("L shoulder", "R shoulder") if pads.active else ("PgUp", "PgDn or wheel")

    def draw(self, surface: pygame.Surface) -> None:
        """The whole panel, opaque (nothing of an earlier frame shows through), each row in a band of its own:
        ``drawn`` keeps each row's text rectangles and its mini cards' (what tests check)."""
        r, u = self.rect, self.u
        self.drawn = []
        if r.w <= 0 or r.h <= 0:
            return
        theme.panel(surface, r, round(u * 0.5), FILL, theme.PANEL_EDGE)
        self.page_button.label = ("Par line" if self.page == 0 else "Back") if self.solitaire else (
            "Finds" if self.page == 0 else "Table")
        self.go_button.enabled = bool(self.data and self.data.get("lost_event") is not None)
        x, y = r.left + u * 0.7, r.top + u * 0.6
        theme.blit_text(surface, "Analysis", round(u * 1.0), (x, y), theme.ACCENT, True)
        y += u * 1.7
        size, line, width = self.metrics()  # (a line of text and the gap under it)
        rows = self.lines_now()
        heights = self.heights(rows)
        start = min(self.scroll, self.most_scroll(heights))  # (the rows change as the replay moves)
        up, down = self.scroll_keys()
        if start:
            self.drawn.append(("text", theme.blit_text(surface, f"{plural(start, 'row')} above ({up})", size, (x, y),
                                                       theme.DIM, True)))
            y += line
        shown = self.fit(heights, start)
        for n in range(start, len(rows)):
            kind, value = rows[n]
            if n >= start + shown:  # the rows still below, and how to see them
                self.drawn.append(("text", theme.blit_text(surface, f"…{len(rows) - n} more ({down})", size, (x, y),
                                                           theme.DIM, True)))
                break
            lines = [] if kind == "set" else wrap(str(value), size, width)
            if kind == "set":
                y = self.draw_set(surface, value, x, y, width)
                continue
            colour = {"head": theme.INK, "text": theme.MUTED, "dim": theme.DIM}[kind]
            for text in lines:
                self.drawn.append(("text", theme.blit_text(surface, text, size, (x, y), colour, kind == "head")))
                y += line
            if kind == "head":
                y += u * 0.2
        for b in self.buttons():
            b.draw(surface)

    def mini_art(self) -> Any:
        settings = self.scene.app.settings
        return art_for(max(24, round(self.u * 2.0)), str(settings.get("palette", "standard")),
                       bool(settings.get("colour_cue", False)))

    def set_height(self) -> float:
        """A Set row's band: its mini cards (or its words, if taller) and the gap under them."""
        words = theme.text_size("Ag", round(self.u * 0.7), True)[1]
        return max(self.mini_art().size[1], words) + max(3.0, self.u * 0.35)

    def draw_set(self, surface: pygame.Surface, value: Any, x: float, y: float, width: float) -> float:
        """A Set as small cards, its words beside them; the next row's top."""
        codes, words = value[0], value[1]
        lit = len(value) < 3 or value[2]
        u = self.u
        art = self.mini_art()
        cx, h = x, 0
        for c in codes:
            face = art.face(card(c))
            self.drawn.append(("card", surface.blit(face, (round(cx), round(y)))))
            cx += face.get_width() + u * 0.15
            h = max(h, face.get_height())
        colour = theme.MUTED if lit else theme.DIM
        room = width - (cx - x) - u * 0.3
        text = words if theme.text_size(words, round(u * 0.7), True)[0] <= room else words.split(" ", 1)[-1]
        self.drawn.append(("text", theme.blit_text(surface, text, round(u * 0.7), (cx + u * 0.3, y + h / 2),
                                                   colour, True, "midleft")))
        return y + self.set_height()


def move_row(move: str, label: str, kind: str) -> tuple[str, Any]:
    """A panel row for a move: a Set as its cards (``label`` beside them), any other move as words."""
    words = move.split()
    if words[:1] == ["set"] and len(words) == 4:
        return "set", (words[1:], label or "Set", kind != "dim")
    return kind, f"{label}: {move}" if label else move


def wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` pixels at ``size`` (words kept whole)."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if line and theme.text_size(trial, size, True)[0] > width:
            out.append(line)
            line = "  " + word if text.startswith("  ") else word
        else:
            line = trial
    return out + [line] if line else out
