"""Memory (RULES.md §7): face down, turn up three, a Set is taken, anything else turns back."""

from engine_driver import assert_refused, dealt_first

from game.cards import code

HEAD = "1RDE 2GOH 3PSF 1RDH 1ROE 1ROH 1GDE 1GDH 1GOE 1GOH 2RDF 2ROF"  # one Set: the first three




def test_the_table_lies_face_down_and_a_flip_shows_one_card():
    g = dealt_first("memory", HEAD)
    assert g.view()["table"] == ["??"] * 12
    g.play("P1 flip 2GOH @1.00")
    v = g.view()
    assert v["table"][1] == "2GOH" and v["table"].count("??") == 11 and v["up"] == ["2GOH"] and v["turner"] == "P1"


def test_three_that_are_a_set_are_taken_and_replaced_face_down():
    g = dealt_first("memory", HEAD)
    for i, c in enumerate(["1RDE", "2GOH", "3PSF"]):
        g.play(f"P1 flip {c} @{i + 1}.00")
    v = g.view()
    assert v["score"] == 1 and v["table"] == ["??"] * 12 and v["up"] == [] and v["deck"] == 66
    assert v["shown"] == {"player": "P1", "cards": ["1RDE", "2GOH", "3PSF"], "set": True}
    assert not {"1RDE", "2GOH", "3PSF"} & {code(c) for c in g.table}


def test_three_that_are_no_set_turn_back_and_cost_nothing():
    g = dealt_first("memory", HEAD)
    for c in ["1RDE", "1RDH", "2ROF"]:
        g.play(f"P1 flip {c}")
    v = g.view()
    assert v["score"] == 0 and v["misses"] == {"P1": 1} and v["table"] == ["??"] * 12
    assert v["shown"] == {"player": "P1", "cards": ["1RDE", "1RDH", "2ROF"], "set": False}
    g.play("P1 flip 1GOE")
    assert g.view()["shown"] is None  # the next card turned clears the three shown


def test_while_one_player_turns_cards_nobody_else_may():
    g = dealt_first("memory", HEAD, players=2)
    g.play("P1 flip 1RDE")
    assert_refused(g, "P2 flip 2GOH")
    assert all(m.startswith("P1 flip") for m in g.legal_moves()[:-1])
    g.play("P1 miss @6.00")  # P1's call ran out: the card turns back, no cost
    assert g.view()["up"] == [] and g.score == {"P1": 0, "P2": 0}
    g.play("P2 flip 2GOH")


def test_a_flip_names_one_face_down_table_card():
    g = dealt_first("memory", HEAD)
    g.play("P1 flip 1RDE")
    assert_refused(g, "P1 flip 1RDE")  # already up
    assert_refused(g, "P1 flip 3PSE")  # not on the table
    assert_refused(g, "P1 flip 2GOH 3PSF")
    assert_refused(g, "P1 set 1RDE 2GOH 3PSF")
    assert_refused(g, "P1 miss 1RDE 1RDH 1ROE")


def test_a_bot_remembers_what_was_shown():
    g = dealt_first("memory", HEAD, players=2)
    for c in ["1RDE", "2GOH", "1ROE"]:
        g.play(f"P2 flip {c}")
    options = g.bot_options("P1")
    assert all(o.difficulty == 0 for o in options)  # one Set card still unseen: only guesses
    for c in ["3PSF", "1GDE", "1GDH"]:
        g.play(f"P2 flip {c}")
    best = max(g.bot_options("P1"), key=lambda o: o.difficulty)
    assert best.move == "P1 flip 1RDE" and [code(c) for c in best.cards] == ["1RDE", "2GOH", "3PSF"]
    g.play("P1 flip 1RDE")
    assert g.bot_options("P2") == []  # P1 has a card up
