"""The Terra Mystica play widget, driven through its plain methods (no browser): person vs bot."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.errors import CompanionError
from companion.i18n import set_language, using_language
from companion.terra_mystica import engine
from companion.terra_mystica import game as tm
from companion.terra_mystica.describe import describe_action
from companion.widgets.terra_mystica.mapplot import HEX_TRACE
from companion.widgets.terra_mystica.play import PlayAFullGame
from companion.widgets.terra_mystica.replay import ReplayViewer


@pytest.fixture(autouse=True)
def _close_widgets():
    """Close every widget a test made, so later language switches only retranslate the widgets alive."""
    yield
    import gc

    import ipywidgets as widgets

    widgets.Widget.close_all()
    gc.collect()


def _game(controllers=("human", "greedy"), factions=("witches", "nomads"), seed=1, **kw) -> PlayAFullGame:
    w = PlayAFullGame(players=len(controllers), controllers=list(controllers), factions=list(factions), seed=seed,
                      **kw)
    assert w.start(), w.message.value
    return w


def _click(w: PlayAFullGame, label: str) -> None:
    """What a click on the map's hex trace calls (the trace's customdata holds the labels)."""
    trace = next(t for t in w.map_slot.figure.data if t.name == HEX_TRACE)
    index = list(trace.customdata).index(label)
    w._on_click(trace, SimpleNamespace(point_inds=[index]))


def _shown(pool) -> list[str]:
    return [b.description for b in pool.buttons if b.layout.display != "none"]


def test_highlighted_hexes_are_those_of_the_engines_legal_builds():
    w = _game()
    g = w.session.state.game
    faction = g.seats[w.session.current_player()]
    legal = engine.legal_actions(g, faction)
    builds = {t.split()[1] for t in legal if t.startswith("build ")}
    assert builds  # initial dwellings: every free hex of the home terrain
    marked = {label for label, role in w.highlighted().items() if role == "shipping"}
    assert marked == builds
    trace = next(t for t in w.map_slot.figure.data if t.name == HEX_TRACE)
    assert len(trace.customdata) > 70   # every hex is clickable


def test_a_click_on_a_highlighted_hex_builds_there_and_the_bot_answers():
    w = _game()
    seat = w.session.current_player()
    me = w.session.state.game.seats[seat]
    label = sorted(w.highlighted())[0]
    before = len(w.session.states)
    _click(w, label)
    g = w.session.state.game
    assert g.townstate.buildings[label] == (me, "D")
    assert len(w.session.states) > before + 1          # the bot answered (its initial dwelling)
    assert any(f == "nomads" for f, _k in g.townstate.buildings.values())
    assert w.session.is_human_turn()


def test_a_hex_with_no_legal_action_is_not_offered_and_changes_nothing():
    w = _game()
    marked = set(w.highlighted())
    g = w.session.state.game
    other = next(h for h in sorted(g.colour) if h not in marked)
    assert w.actions_on(other) == []
    before = len(w.session.states)
    _click(w, other)
    assert len(w.session.states) == before
    assert "no legal action on hex " + other in w.move_message.value
    assert other not in w.highlighted()


def test_several_actions_on_one_hex_become_buttons():
    w = _game(controllers=("human", "random"), seed=2)
    # setup: the person places dwellings and takes a bonus tile by the buttons
    for _ in range(20):
        if w.session.state.game.round >= 1:
            break
        acts = w.human_actions()
        hexes = w.highlighted()
        if hexes:
            _click(w, sorted(hexes)[0])
        else:
            w.act(acts[0])
    assert w.session.state.game.round == 1 and w.session.is_human_turn()
    many = [h for h in w.highlighted() if len(w.actions_on(h)) > 1]
    assert many, "some hex offers several actions (build on it, or terraform it to another terrain)"
    _click(w, many[0])
    assert w.selected == many[0]
    shown = _shown(w.hex_buttons)
    assert shown == [describe_action(a) for a in w.actions_on(many[0])]
    assert w.highlighted()[many[0]] == "selected"
    # pressing a button applies exactly that action
    choice = w.hex_buttons.choices[-1]
    before = len(w.session.states)
    w.hex_buttons.buttons[len(shown) - 1].click()
    assert w.session.states[before].history[-1] == choice


def test_undo_returns_to_the_persons_decision():
    w = _game()
    n = len(w.session.states)
    legal = [a.text for a in w.human_actions()]
    figure = w.map_slot.figure
    _click(w, sorted(w.highlighted())[0])
    assert len(w.session.states) > n + 1
    w.undo_button.click()
    assert len(w.session.states) == n
    assert w.session.is_human_turn()
    assert [a.text for a in w.human_actions()] == legal
    assert "Undone" in w.move_message.value
    assert w.map_slot.figure is figure   # drawn in place, never a new figure


def test_other_actions_are_buttons_and_power_offers_are_answered_in_turn():
    w = _game(controllers=("human", "greedy"), factions=("witches", "nomads"), seed=4)
    offered = False
    for _ in range(120):
        if w.session.is_terminal():
            break
        g = w.session.state.game
        me = g.seats[w.session.current_player()]
        if any(o["to"] == me for o in g.offers):
            shown = _shown(w.action_buttons)
            assert any(s.startswith("accept") for s in shown) and any(s.startswith("decline") for s in shown)
            offer = next(o for o in g.offers if o["to"] == me)
            cost = offer["actual"] - 1   # one power is free: said so, not "costs 0 VP"
            assert (f"costs {cost} VP" if cost else "costs no VP") in w.prompt.value
            assert len([s for s in shown if s.startswith("decline")]) == 1   # one offer, one decline button
            offered = True
            w.action_buttons.buttons[0].click()
            continue
        hexes = w.highlighted()
        builds = sorted(h for h, role in hexes.items() if role == "shipping")
        if builds:
            _click(w, builds[0])
            if w.selected:
                w.hex_buttons.buttons[0].click()
        else:
            rest = w.action_buttons.choices
            w.act(next((a for a in rest if a.text.startswith("pass")), rest[0]))
    assert offered


def test_a_whole_game_of_bots_ends_with_an_itemised_final_scoring_and_a_winner():
    w = _game(controllers=("random", "greedy"), factions=("halflings", "mermaids"), seed=5)
    assert w.session.is_terminal()
    result = tm.final_breakdown(w.session.state)
    g = w.session.state.game
    for p in result.players:
        parts = p.vp_before + sum(p.cult_vp.values()) + p.network_vp + p.resource_vp
        assert parts == p.final_vp == g.factions[p.faction].vp
    best = max(f.vp for f in g.factions.values())
    winners = [n for n in g.seats if g.factions[n].vp == best]
    assert "companion-tm-winner" in w.final_html.value
    assert all(n.capitalize() in w.final_html.value for n in winners)
    assert f"with {best} VP" in w.final_html.value
    assert "Game over" in w.heading.value


def test_factions_picked_during_the_setup_as_buttons():
    w = PlayAFullGame(players=2, controllers=["human", "random"], seed=3)
    assert w.start()
    assert w.session.state.game is None and w.session.is_human_turn()
    shown = _shown(w.action_buttons)
    assert "play the Witches" in shown and "play the Ice Maidens" in shown
    index = shown.index("play the Witches")
    w.action_buttons.buttons[index].click()
    assert w.session.seat_names()[0] == "witches"
    assert len(w.session.seat_names()) == 2 and w.session.seat_names()[1] != "Seat 2"


def test_some_factions_but_not_all_is_refused():
    w = PlayAFullGame(players=2, controllers=["human", "random"], factions=["witches", None])
    assert not w.start()
    assert "for every seat, or for none" in w.message.value and w.session is None


def test_a_mistyped_faction_key_is_refused_with_the_valid_keys():
    with pytest.raises(CompanionError) as info:
        PlayAFullGame(players=2, controllers=["human", "random"], factions=["witches", "ice_maidens"])
    assert "'ice_maidens'" in str(info.value) and "icemaidens" in str(info.value)
    assert "witches" in str(info.value)


def test_a_fire_and_ice_map_side_is_played_on():
    w = _game(controllers=("human", "random"), map_key="fire_ice_side1")
    assert w.session.state.map_name == "fire_ice_side1"
    assert "Fire & Ice, side 1" in w.map_slot.figure.layout.title.text
    assert w.highlighted()


def test_a_typed_row_is_applied_and_a_bad_one_is_reported():
    w = _game()
    label = sorted(w.highlighted())[0]
    w.type_row("fly to the moon")
    assert "unknown command" in w.move_message.value
    w.type_row(f"build {label}")
    assert label in w.session.state.game.townstate.buildings


def test_enter_in_the_row_box_submits_the_row():
    w = _game()
    label = sorted(w.highlighted())[0]
    w.typed.value = f"build {label}"   # what the browser sends on Enter (continuous_update is off)
    assert label in w.session.state.game.townstate.buildings
    assert w.typed.value == ""
    w.typed.value = "fly to the moon"
    assert "unknown command" in w.move_message.value


def test_save_and_open_round_trip_and_the_replay_viewer_reads_the_file(tmp_path):
    w = _game()
    for _ in range(3):
        _click(w, sorted(w.highlighted())[0]) if w.highlighted() else w.act(w.human_actions()[0])
    path = tmp_path / "game.txt"
    w.record_file.path_box.value = str(path)
    assert w.record_file.save_file()
    summary = w.session.state.game.summary()
    other = PlayAFullGame(players=2, controllers=["human", "greedy"])
    other.record_file.path_box.value = str(path)
    assert other.record_file.open_file(), other.record_file.status.value
    assert other.session.state.game.summary() == summary
    assert other.session.is_human_turn()
    viewer = ReplayViewer()
    viewer.open_record(path)
    assert viewer.snapshots[-1].towns.buildings == w.session.state.game.townstate.buildings


def test_an_unreadable_record_keeps_the_game(tmp_path):
    w = _game()
    path = tmp_path / "bad.txt"
    path.write_text("witches: fly to the moon\n", encoding="utf-8")
    states = list(w.session.states)
    w.record_file.path_box.value = str(path)
    assert not w.record_file.open_file()
    assert "Error" in w.record_file.status.value
    assert w.session.states == states


def test_a_bad_record_shows_a_worded_message_naming_the_file(tmp_path):
    w = _game()
    binary = tmp_path / "photo.txt"
    binary.write_bytes(b"\xff\xfe\x00abc")
    for path, words in ((binary, "not UTF-8 text"), (tmp_path, "is a folder")):
        w.record_file.path_box.value = str(path)
        assert not w.record_file.open_file()
        shown = w.record_file.status.value
        assert str(path) in shown and words in shown and "expected a Terra Mystica game record" in shown
        assert "codec" not in shown and "Errno" not in shown
    out_of_turn = tmp_path / "out_of_turn.txt"
    out_of_turn.write_text(w.session.record_text() + "nomads: build E5\nnomads: build E5\n", encoding="utf-8")
    w.record_file.path_box.value = str(out_of_turn)
    assert not w.record_file.open_file()
    shown = w.record_file.status.value
    assert "out_of_turn.txt" in shown and "not of the Nomads" in shown and "[not_your_turn]" not in shown


def test_the_board_figure_draws_cult_tracks_and_power_bowls():
    w = _game()
    g = w.session.state.game
    fig = w.board_slot.figure
    cult = [t for t in fig.data if t.xaxis == "x"]
    bowls = [t for t in fig.data if t.xaxis == "x2"]
    assert [t.name for t in cult] == ["Witches", "Nomads"]
    for trace, name in zip(bowls, g.seats, strict=True):
        assert tuple(trace.y) == tuple(g.factions[name].bowls)
    for trace, name in zip(cult, g.seats, strict=True):
        assert list(trace.y) == [g.factions[name].cult[t] for t in ("FIRE", "WATER", "EARTH", "AIR")]


@pytest.fixture
def _english():
    yield
    set_language("en")


def test_the_widget_follows_the_language_switch(_english):
    w = _game()
    assert w.start_button.description == "New game"
    set_language("zh_CN")
    assert w.start_button.description != "New game"
    assert w.undo_button.description == "撤销"
    assert "轮" in w.heading.value or "设置" in w.heading.value
    # the seat menus: a person and every bot (random, greedy, search) named in Chinese, no English word left
    labels = [label for label, _value in w.controller_boxes[0].options]
    assert len(labels) == 1 + len(tm.BOTS) and not any(c.isascii() and c.isalpha() for c in "".join(labels)), labels
    set_language("en")
    assert w.undo_button.description == "Undo"
    with using_language("zh_CN"):
        assert describe_action(tm.Action.parse("witches", "build E7")) == "在 E7 建造一个住所"


def _custom_map(tmp_path):
    """The base map with two land hexes swapped in colour: a map of its own (another map id)."""
    from companion.terra_mystica.hexmap import load_shipped_map

    rows = [list(r) for r in load_shipped_map("base").rows]
    rows[0][0], rows[0][1] = rows[0][1], rows[0][0]
    path = tmp_path / "my_map.txt"
    path.write_text("\n".join(",".join(r) for r in rows) + "\n", encoding="utf-8")
    return path, rows


def test_a_custom_map_file_is_played_saved_and_replayed(tmp_path):
    path, rows = _custom_map(tmp_path)
    w = PlayAFullGame(players=2, controllers=["human", "random"], factions=["witches", "nomads"], seed=1)
    w.map_choice.value = "custom"
    assert w.map_file.layout.display == ""
    w.map_file.value = str(path)
    assert w.start(), w.message.value
    assert "New game on the custom map my_map.txt." in w.message.value
    board = w.session.state.game.board.map
    assert [list(r) for r in board.rows] == rows
    assert "custom map" in w.map_slot.figure.layout.title.text
    _click(w, sorted(w.highlighted())[0])
    save = tmp_path / "game.txt"
    w.record_file.path_box.value = str(save)
    assert w.record_file.save_file()
    assert "map custom:" in save.read_text(encoding="utf-8")
    viewer = ReplayViewer()
    viewer.open_record(save)
    assert [list(r) for r in viewer.board.map.rows] == rows
    assert viewer.snapshots[-1].towns.buildings == w.session.state.game.townstate.buildings


def test_a_bad_custom_map_file_names_the_row_and_column(tmp_path):
    path, rows = _custom_map(tmp_path)
    text = path.read_text(encoding="utf-8").splitlines()
    text[2] = "Q" + text[2][1:]
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    w = PlayAFullGame(players=2, controllers=["human", "random"], factions=["witches", "nomads"])
    w.map_choice.value = "custom"
    w.map_file.value = str(path)
    assert not w.start()
    assert "my_map.txt" in w.message.value and "row 3" in w.message.value and w.session is None
    w.map_file.value = str(tmp_path / "missing.txt")
    assert not w.start() and "no such map file" in w.message.value


def test_the_map_file_box_words_its_errors_takes_a_saved_design_and_clears_an_old_error(tmp_path, monkeypatch):
    """Review 3, finding 2: a binary file, a folder or a design's name showed Python's own English errors
    ("[Errno 2] ...", "'utf-8' codec can't decode ..."), and the error stayed after a good path was typed."""
    from companion.terra_mystica.hexmap import map_from_rows
    from companion.terra_mystica.mapstore import DesignStore

    monkeypatch.setenv("COMPANION_MAP_DIR", str(tmp_path / "designs"))
    _path, rows = _custom_map(tmp_path)
    DesignStore().save("river test", map_from_rows(rows))
    binary = tmp_path / "picture.bin"
    binary.write_bytes(b"\x92\x00\xff")
    w = PlayAFullGame(players=2, controllers=["human", "random"], factions=["witches", "nomads"])
    w.map_choice.value = "custom"
    for typed, words in [(str(binary), "not UTF-8 text"), (str(tmp_path), "is a folder"),
                         ("no such design", "no design of that name saved in")]:
        w.map_file.value = typed   # shown on Enter, before New game
        assert words in w.message.value and "Errno" not in w.message.value and "codec" not in w.message.value, typed
        assert not w.start() and words in w.message.value
    with using_language("zh_CN"):
        w.map_file.value = str(binary) + " "
        assert "UTF-8" in w.message.value and "not UTF-8 text" not in w.message.value
    w.map_file.value = "river test"   # the lab's name for the design: accepted, and the old error is gone
    assert "companion-error" not in w.message.value and w.message.value == ""
    assert w.start(), w.message.value
    assert [list(r) for r in w.session.state.game.board.map.rows] == rows
    assert "river test" in w.message.value


def _map_name(rows) -> str:
    from companion.terra_mystica.hexmap import map_from_rows, map_record_name
    return map_record_name(map_from_rows(rows))


def test_a_map_without_a_seated_factions_home_terrain_or_without_land_is_refused_at_setup():
    from companion.errors import IllegalActionError
    from companion.terra_mystica.hexmap import load_shipped_map
    rows = [["K" if c == "Y" else c for c in r] for r in load_shipped_map("base").rows]   # no desert
    with pytest.raises(IllegalActionError) as info:
        tm.new_game(["witches", "fakirs"], map_name=_map_name(rows))
    assert "Fakirs" in str(info.value) and "desert" in str(info.value)
    state = tm.new_game(2, map_name=_map_name(rows))   # factions picked during the setup: no desert faction
    picks = tm.free_factions(state)
    assert "fakirs" not in picks and "nomads" not in picks and "witches" in picks
    water = [["I"] * len(r) for r in rows]
    with pytest.raises(IllegalActionError, match="no land hexes"):
        tm.new_game(2, map_name=_map_name(water))


def _no_desert_map(tmp_path):
    from companion.terra_mystica.hexmap import load_shipped_map
    path = tmp_path / "no_desert.txt"
    path.write_text("\n".join(",".join("K" if c == "Y" else c for c in r) for r in load_shipped_map("base").rows),
                    encoding="utf-8")
    return path


def _offered(box) -> list[str]:
    return [v for _label, v in box.options if v is not None]


def test_the_faction_menus_follow_the_chosen_map_and_say_why_a_faction_is_left_out(tmp_path):
    w = PlayAFullGame(players=2, controllers=["human", "greedy"], factions=["witches", "nomads"])
    everyone = _offered(w.faction_boxes[0])
    assert "nomads" in everyone and "fakirs" in everyone and w.faction_note.value == ""
    w.map_choice.value = "custom"
    w.map_file.value = str(_no_desert_map(tmp_path))
    for box in w.faction_boxes:   # the desert factions are left out of every seat's menu ...
        assert "nomads" not in _offered(box) and "fakirs" not in _offered(box)
        assert set(_offered(box)) == set(everyone) - {"nomads", "fakirs"}
    # ... the note names them with the reason (the rules core's sentence), and the seat that held one is unset
    assert "Nomads" in w.faction_note.value and "Fakirs" in w.faction_note.value
    assert "desert" in w.faction_note.value
    assert [b.value for b in w.faction_boxes[:2]] == ["witches", None]
    # review 3, finding 3: the seat whose faction went is named at once, with the reason, and again at the start
    assert "seat 2 no longer has a faction" in w.message.value and "Nomads" in w.message.value
    assert "desert has 0 hexes" in w.message.value
    assert not w.start() and w.session is None and "every seat" in w.message.value
    assert "seat 2 has no faction" in w.message.value
    w.faction_boxes[1].value = "dwarves"
    assert w.start(), w.message.value
    assert w.session.seat_names() == ["witches", "dwarves"]
    with using_language("zh_CN"):   # the note follows the language
        assert "沙漠" in w.faction_note.value
    w.map_choice.value = "base"     # back to a map with every terrain: every faction again, no note
    assert set(_offered(w.faction_boxes[1])) == set(everyone) and w.faction_note.value == ""


def test_the_menus_and_the_setup_check_give_one_answer():
    from companion.terra_mystica.hexmap import load_shipped_map
    rows = [["K" if c == "Y" else c for c in r] for r in load_shipped_map("base").rows]   # no desert
    name = _map_name(rows)
    refused = tm.unplayable_factions(name)
    assert set(refused) == {"nomads", "fakirs"}
    assert refused["nomads"] == tm.map_refusal("nomads", name) and "desert" in refused["nomads"]
    assert set(tm.free_factions((), name)) == set(tm.free_factions(())) - set(refused)
    assert tm.map_refusal("witches", name) is None and tm.unplayable_factions(None) == {}
    with pytest.raises(CompanionError) as info:
        tm.new_game(["witches", "nomads"], map_name=name)
    assert refused["nomads"] in str(info.value)


def test_a_faction_is_offered_only_with_a_hex_for_each_starting_dwelling():
    """A map whose desert has 2 hexes: the Fakirs (2 starting dwellings) fit it, the Nomads (3) do not, in the
    menus, free_factions and the setup check alike; with a third desert hex the Nomads fit too."""
    from companion.terra_mystica.hexmap import load_shipped_map

    def desert_hexes(n: int) -> str:
        left, rows = n, []
        for r in load_shipped_map("base").rows:
            row = []
            for c in r:
                keep = c == "Y" and left > 0
                left -= keep
                row.append(c if c != "Y" or keep else "K")
            rows.append(row)
        assert left == 0 and sum(r.count("Y") for r in rows) == n
        return _map_name(rows)

    two = desert_hexes(2)
    assert "fakirs" in tm.free_factions((), two) and "nomads" not in tm.free_factions((), two)
    assert set(tm.unplayable_factions(two)) == {"nomads"}
    assert "2" in tm.unplayable_factions(two)["nomads"] and "3" in tm.unplayable_factions(two)["nomads"]
    with pytest.raises(CompanionError):
        tm.new_game(["witches", "nomads"], map_name=two)
    assert tm.new_game(["witches", "fakirs"], map_name=two).seated == ("witches", "fakirs")
    w = PlayAFullGame(players=2, controllers=["human", "greedy"])
    w._menu_map_name = lambda: two
    w._offer_factions()
    assert "nomads" not in _offered(w.faction_boxes[0]) and "fakirs" in _offered(w.faction_boxes[0])
    assert "nomads" in tm.free_factions((), desert_hexes(3))


def test_the_widget_shows_why_a_custom_map_is_refused(tmp_path):
    w = PlayAFullGame(players=2, controllers=["human", "greedy"], factions=["witches", "nomads"])
    w.map_choice.value = "custom"
    w.map_file.value = str(_no_desert_map(tmp_path))
    assert not w.start() and w.session is None
    assert "Nomads" in w.faction_note.value and "desert" in w.faction_note.value
    w.map_file.value = ""          # no file (yet): every faction offered, the start names what is missing
    assert "nomads" in _offered(w.faction_boxes[1]) and w.faction_note.value == ""
    w.faction_boxes[1].value = "nomads"
    assert not w.start() and "path of a custom map file" in w.message.value


def test_the_fast_auction_seats_its_factions_in_turn_order():
    from companion.terra_mystica.auction import resolve_auction
    from companion.widgets.terra_mystica.auction import EXAMPLE

    w = PlayAFullGame(players=2, controllers=["human", "greedy", "random"])
    assert w.auction is None and w.auction_box.layout.display == "none"
    w.auction_toggle.value = True
    assert w.auction is not None and w.auction_box.layout.display == ""
    expected = resolve_auction(EXAMPLE["factions"], EXAMPLE["players"], EXAMPLE["max_bids"], seed=EXAMPLE["seed"])
    w.auction_use.click()
    assert w.count.value == 3
    assert [b.value for b in w.faction_boxes[:3]] == [a.faction for a in expected.assignments]
    assert w.start(), w.message.value
    assert w.session.seat_names() == [a.faction for a in expected.assignments]
    price = expected.assignments[0].price
    assert f"{expected.assignments[0].faction.capitalize()} {price}" in w.message.value   # e.g. "Cultists 11"


def test_the_auction_prices_are_listed_in_the_final_scoring():
    w = PlayAFullGame(players=3, controllers=["random", "random", "random"], seed=2)
    w.auction_toggle.value = True
    assert w.use_auction()
    assert w.start() and w.session.is_terminal()
    assert "auction price" in w.final_html.value
    for player, price in w.auction_prices.values():
        assert f"{player} {price}" in w.final_html.value


def test_hot_seat_two_people_take_turns_at_one_screen():
    w = _game(controllers=("human", "human"), factions=("witches", "nomads"))
    assert "Witches (person): your turn" in w.prompt.value
    _click(w, sorted(w.highlighted())[0])
    assert w.session.current_player() == 1
    assert "Nomads (person): your turn" in w.prompt.value
    nomads = {h for h, role in w.highlighted().items() if role == "shipping"}
    g = w.session.state.game
    assert nomads == {t.split()[1] for t in engine.legal_actions(g, "nomads") if t.startswith("build ")}
    # undo with two people: back to the last decision, the Witches' dwelling
    w.undo()
    assert w.session.current_player() == 0 and not w.session.state.game.townstate.buildings


def test_a_click_shows_the_busy_state_while_the_bots_answer(monkeypatch):
    from companion.widgets.common import BUSY_CLASS

    w = _game()
    seen = []
    real_apply = w.session.apply

    def apply(action):
        seen.append((BUSY_CLASS in w._dom_classes, "Working" in w.move_message.value))
        return real_apply(action)

    monkeypatch.setattr(w.session, "apply", apply)
    _click(w, sorted(w.highlighted())[0])
    assert seen == [(True, True)]
    assert BUSY_CLASS not in w._dom_classes and "Working" not in w.move_message.value


def test_the_log_tells_its_rows_as_the_replay_does_and_again_after_an_undo_and_in_chinese(_english):
    import html

    from companion.terra_mystica.describe import RowTeller

    def told() -> list[str]:
        teller = RowTeller()
        return [html.escape(teller.tell_row(r)) for r in w.session.state.game.rows][-16:]

    def items() -> list[str]:
        return w.log_html.value.split("<li>")[1:]

    w = _game()
    w.act(w.human_actions()[0])
    assert [i.removesuffix("</li></ul></details>").removesuffix("</li>") for i in items()] == told()
    before = len(w.session.state.game.rows)
    w.undo()
    assert len(w.session.state.game.rows) < before
    assert [i.removesuffix("</li></ul></details>").removesuffix("</li>") for i in items()] == told()
    set_language("zh_CN")
    assert "女巫" in w.log_html.value or "游牧民" in w.log_html.value


def test_free_factions_leave_out_taken_home_terrains_and_the_seat_menus_offer_them():
    from companion.terra_mystica.factions import get_faction

    free = tm.free_factions(())
    assert "witches" in free and "auren" in free and "yetis" in free and "icemaidens" in free
    after = tm.free_factions(["witches", "icemaidens"])
    assert "witches" not in after and "auren" not in after      # one faction per home terrain
    assert "yetis" not in after                                   # the two ice factions exclude each other
    assert not {get_faction(n).home_terrain for n in after} & {"green", "ice"}
    state = tm.new_game(["witches", "nomads"], seed=1)
    assert tm.free_factions(state) == tm.free_factions(state.seated)
    w = PlayAFullGame(players=2, controllers=["human", "random"], seed=3)
    offered = [v for _label, v in w.faction_boxes[0].options if v is not None]
    assert sorted(offered) == sorted(free)


def test_the_open_turn_says_what_it_still_needs_and_offers_its_declines():
    """RULES-NOTES-E E.2: after ACT1 the turn is open until the bridge is placed or declined (-BRIDGE)."""
    w = _game(controllers=("human", "greedy"), factions=("witches", "nomads"), seed=2)
    for _ in range(40):
        g = w.session.state.game
        if g.phase == "actions" and w.session.is_human_turn():
            break
        w.act(w.human_actions()[0])
    w.type_row("burn 3. action ACT1")
    assert "still needs" in w.prompt.value and "-BRIDGE" in w.prompt.value
    shown = _shown(w.action_buttons)
    assert "give up the bridge" in shown
    # fresh review, finding 3: one bridge said in the singular (no "bridge(s)"), its decline named as the button
    # names it, the ledger code in parentheses only
    assert "1 bridge to place, or give up the bridge (-BRIDGE)" in w.prompt.value and "(s)" not in w.prompt.value
    w.action_buttons.buttons[shown.index("give up the bridge")].click()
    assert "still needs" not in w.prompt.value and w.session.state.game.turn_complete()


def test_review_before_any_move_says_so_under_the_review_button():
    """Fresh review, finding 2: the note went to the status line above the map, a phone's screen away from the
    button; it goes to the coach's line, the one right under the Hint / Review buttons."""
    w = _game()
    message = w.message.value
    assert w.review() is None
    assert "Nothing to review yet" in w.coach.value and w.message.value == message
    children = list(w.game.children)
    assert children.index(w.coach) == children.index(w.coach_controls) + 1


def test_undo_clears_a_review_of_moves_that_are_gone():
    w = _game()
    while w.session.state.game.round == 0:   # the setup: the first listed dwelling / bonus tile each time
        w.act(w.human_actions()[0])
    w.act(next(a for a in w.human_actions() if a.commands[0][0] == "pass"))
    w.review()
    assert w.review_box.children
    w.undo()   # the reviewed pass is taken back: its review goes with it
    assert w.review_box.children == ()
    w.review()   # a new review is of the game as it stands
    assert w.review_box.children


def test_a_review_kept_after_a_new_move_is_marked_out_of_date():
    """Review 3, finding 7: the chart of moves 0-7 stayed, unmarked, while the game was at move 9."""
    w = _game()
    while w.session.state.game.round == 0:
        w.act(w.human_actions()[0])
    w.review()
    assert w.review_panel.note.value == "" and w.review_panel.note not in w.review_box.children
    w.act(w.human_actions()[0])   # a new move: the review still charts the moves before it, said out of date
    assert w.review_box.children[0] is w.review_panel.note and "Out of date" in w.review_panel.note.value
    w.review()
    assert w.review_panel.note.value == "" and w.review_panel.note not in w.review_box.children


def _reopened(w: PlayAFullGame, tmp_path) -> PlayAFullGame:
    path = tmp_path / "game.txt"
    w.save_record(path)
    again = PlayAFullGame(players=len(w.controllers()), controllers=w.controllers(), seed=w.seed.value)
    again.open_record(path)
    return again


@pytest.mark.parametrize("faction", ["acolytes", "dragonlords"])
def test_a_save_early_in_the_setup_keeps_the_picks(tmp_path, faction):
    # issue 19: Fire & Ice factions that pick a colour at setup; a game saved after seat 1 picked its faction
    # (seat 2 still to pick) reopened as a one-seat game, and one saved before any pick did not open at all
    w = PlayAFullGame(players=2, controllers=["human", "human"], seed=1)
    assert w.start(), w.message.value
    assert _reopened(w, tmp_path).session.state == w.session.state          # nothing picked yet
    w.act(next(a for a in w.human_actions() if a.faction == faction))
    again = _reopened(w, tmp_path)
    assert again.session.state == w.session.state and again.session.current_player() == 1
    assert [a.faction for a in again.session.state.history if getattr(a, "is_setup", False)] == [faction]
    w.act(next(a for a in w.human_actions() if a.faction == "witches"))
    colour = next(a for a in w.human_actions() if a.commands[0][0] == "pick_color")
    w.act(colour)
    again = _reopened(w, tmp_path)
    assert again.session.state == w.session.state                      # the colour picked is kept
    assert again.session.state.history[-1] == colour
    assert [a.text for a in again.human_actions()] == [a.text for a in w.human_actions()]


def test_the_hint_says_how_far_ahead_or_behind_the_best_rival_each_move_leads(monkeypatch):
    """Fresh review: "lead over the best rival −9.0" read badly; the widget says it as the CLI does."""
    from dataclasses import replace

    from companion.terra_mystica.search import hint as real
    from companion.widgets.terra_mystica import play

    gaps = [9.0, -9.0, 0.0]
    monkeypatch.setattr(play, "hint", lambda state, top, **kw: [
        replace(m, rival_vp=m.expected_vp - gap) for m, gap in zip(real(state, top, seconds=0.2), gaps, strict=True)])
    w = _game()
    assert len(w.hint()) == 3
    text = w.coach.value
    assert "lead over" not in text and "9.0 VP ahead of the best rival" in text, text
    assert "9.0 VP behind the best rival" in text and "level with the best rival" in text, text
