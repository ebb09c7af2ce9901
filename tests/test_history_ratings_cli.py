"""The command line's ratings: ``python -m game.match … --data-dir DIR`` rates a game with opponents as the
window does, keeps the rating after it with the game, and ``python -m game.history … ratings`` shows it."""
from __future__ import annotations

import json

from game import history, match


def run(capsys, module, argv: list[str]) -> str:
    capsys.readouterr()
    assert module.main(argv) == 0
    return capsys.readouterr().out


def test_a_match_against_a_bot_is_rated_and_the_rating_is_kept_with_the_game(tmp_path, capsys) -> None:
    d = str(tmp_path)
    run(capsys, match, ["--mode", "classic", "--seats", "human,bot:beginner", "--seed", "6", "--data-dir", d])
    run(capsys, match, ["--mode", "mags", "--seed", "7", "--data-dir", d])  # alone: never rated
    games = json.loads(run(capsys, history, ["--data-dir", d, "list", "--json"]))
    by_mode = {g["mode"]: g for g in games}
    assert by_mode["mags"]["rating_after"] is None
    after = by_mode["classic"]["rating_after"]
    assert after is not None and after["games"] == 1 and after["provisional"]
    ratings = json.loads(run(capsys, history, ["--data-dir", d, "ratings", "--json"]))
    assert set(ratings["you"]) == {"classic"}
    assert ratings["you"]["classic"]["mu"] == after["mu"] and ratings["you"]["classic"]["games"] == 1
    won = by_mode["classic"]["result"]["standings"][0]["score"] > by_mode["classic"]["result"]["standings"][1]["score"]
    assert (after["mu"] > 25.0) == won  # a win raises μ from a newcomer's 25, a loss lowers it


def test_ratings_lists_the_bot_levels_in_order_of_strength(tmp_path, capsys) -> None:
    ratings = json.loads(run(capsys, history, ["--data-dir", str(tmp_path), "ratings", "--json"]))
    assert ratings["you"] == {}
    assert "classic" in ratings["bots"]
    for mode, levels in ratings["bots"].items():
        mus = [levels[lv]["mu"] for lv in ("beginner", "casual", "human", "fast", "expert")]
        assert mus == sorted(mus), mode
    text = run(capsys, history, ["--data-dir", str(tmp_path), "ratings"])
    assert "No rated game yet" in text and "bots in classic: beginner" in text
