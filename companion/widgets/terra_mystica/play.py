"""Play a full game of Terra Mystica in the notebook: 2-5 seats, each a person (hot-seat) or a bot.

The widget holds a :class:`companion.session.Session` over :mod:`companion.terra_mystica.game` (the
states, the seeded random generator for the setup tiles and the bots, undo to the last human decision,
the command log appended row by row). It draws and hands every choice to the session, which applies it
once; no rule, limit or flow decision is made here:

- the hexes highlighted on the map are those of the legal actions of the person to act
  (:func:`companion.terra_mystica.game.legal_actions` and :func:`~companion.terra_mystica.game.action_hexes`);
  a click on a highlighted hex picks it and its actions become buttons (a hex with one action acts at once);
- every other legal action (passing with a bonus tile, power actions, priests, shipping, power offers,
  favor and town tiles, cult steps) is a button, and a row of the command language can be typed
  (conversions and burning, which the engine does not list, go there: ``burn 2. convert 1pw to 1c``);
- power offers are answered by whoever the engine waits for (the session asks bots, buttons ask people);
- the power bowls and cult tracks are drawn on one figure, resources in a table; the final scoring is
  itemised and the winner named exactly as the replay notebook does it (the engine's result,
  :func:`~companion.terra_mystica.game.final_breakdown`, through
  :func:`~companion.terra_mystica.describe.final_table` and
  :func:`~companion.widgets.terra_mystica.replay.final_scoring_html`);
- button labels, the log and the tile codes are told by :mod:`companion.terra_mystica.describe` (the
  replay's sentences: :func:`~companion.terra_mystica.describe.describe_action`,
  :class:`~companion.terra_mystica.describe.RowTeller`, :func:`~companion.terra_mystica.describe.gloss_codes`);
- **Hint** lists the search bot's three best moves for the person to act, each with its expected final VP
  and why, and **Review** charts every faction's expected final VP after each move with each one's biggest
  drops and the move the search preferred (:mod:`companion.terra_mystica.search`; during or after a game);
- the game's command log is saved to a file (:class:`~companion.widgets.game_record.RecordFile`, as the
  Century and Merchants of Magick play widgets do) and the replay notebook opens it.

Figures are created once (:class:`~companion.widgets.terra_mystica.plot.ChartSlot`) and redrawn in place;
the choice buttons come from a pool that only grows when a turn offers more choices than ever before.

Examples
--------
>>> from companion.widgets.terra_mystica.play import PlayAFullGame
>>> w = PlayAFullGame(players=2, controllers=["human", "random"], factions=["witches", "nomads"], seed=1)
>>> w.start()
True
>>> w.session.is_human_turn(), sorted(w.highlighted())[:2]
(True, ['A10', 'A3'])
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from companion.errors import CompanionError
from companion.i18n import N_, _, add_language_listener, ngettext
from companion.jsonio import read_text
from companion.protocol import CHANCE
from companion.savefile import default_save_dir
from companion.session import BOT, HUMAN, Session
from companion.terra_mystica import game as tm
from companion.terra_mystica.bots import BOT_NAMES
from companion.terra_mystica.describe import (
    BUILDING_NAMES,
    RowTeller,
    describe_action,
    faction_name,
    final_table,
    gloss_codes,
    rival_gap,
    track_name,
)
from companion.terra_mystica.engine import CULT_TRACKS
from companion.terra_mystica.hexmap import (
    CUSTOM_MAP_PREFIX,
    MAX_MAP_CHARS,
    TerraMysticaMap,
    map_by_name,
    map_from_rows,
    map_record_name,
    parse_map,
    shipped_maps,
)
from companion.terra_mystica.mapstore import DesignStore
from companion.terra_mystica.search import MoveAnalysis, hint, review
from companion.terra_mystica.terrain import terrain_wheel
from companion.widgets.coach import hint_html
from companion.widgets.common import busy, busy_style, error_html, info_html, join_sentences, message_box
from companion.widgets.game_record import RecordFile
from companion.widgets.terra_mystica.mapplot import HEX_TRACE, faction_colour, map_figure
from companion.widgets.terra_mystica.names import faction_order
from companion.widgets.terra_mystica.plot import ChartSlot
from companion.widgets.terra_mystica.replay import final_scoring_html
from companion.widgets.terra_mystica.review import REVIEW_SECONDS, ReviewPanel
from companion.widgets.touch import show_tooltip

__all__ = ["PlayAFullGame", "terrain_map"]

#: Shipped map names (marked for the catalog; ``data/terra_mystica/maps/index.json`` names them in English).
MAP_TITLES = {"base": N_("Original (base game)"), "fire_ice_side1": N_("Fire & Ice, side 1"),
              "fire_ice_side2": N_("Fire & Ice, side 2 (revised base)"), "loon_lakes": N_("Loon Lakes v1.6 (fan map)"),
              "fjords": N_("Fjords v2.1 (fan map)")}
#: Map outline role per verb (the styles of :data:`companion.widgets.terra_mystica.mapplot.HIGHLIGHT_STYLES`).
HIGHLIGHT_ROLES = {"build": "shipping", "transform": "neighbour", "upgrade": "tunnel", "bridge": "bridge"}
_PICK = N_("(pick)")
HINT_SECONDS = 1.0
#: A table heading's words kept whole: Chinese text breaks only at its spaces (交易站 broke as 交易 / 站 on a phone).
_KEEP_WORDS = "word-break:keep-all;overflow-wrap:normal"
#: The row box's example wraps on a narrow screen (a long Chinese sentence, code that may break anywhere).
_WRAP_HELP = "font-size:90%;line-height:1.4;color:#555;white-space:normal;overflow-wrap:anywhere"
"""Time cap of a hint's search (s)."""
_CUSTOM = "custom"


def terrain_map(base: TerraMysticaMap, terrain: Sequence[tuple[str, str]]) -> TerraMysticaMap:
    """``base`` with the hexes terraformed so far (``GameSnapshot.terrain``: ``(label, colour)``) recoloured.

    A terrain with no map letter (ice, volcano) keeps the printed colour: the building on it still shows.
    """
    if not terrain:
        return base
    wheel = terrain_wheel()
    rows = [list(r) for r in base.rows]
    shift = 1 if base.placeholder else 0
    for label, colour in terrain:
        if colour in wheel.colours:
            h = base.hexes[label]
            rows[h.row - shift][h.column] = wheel.letter(colour)
    return map_from_rows(rows)


class _ButtonPool(widgets.HBox):
    """Buttons for a changing list of choices; buttons are reused (the pool only grows)."""

    def __init__(self, press: Callable[[Any], None]) -> None:
        self._press = press
        self.buttons: list[widgets.Button] = []
        self.choices: list[Any] = []
        super().__init__(layout=widgets.Layout(flex_flow="row wrap"))

    def show(self, items: Sequence[tuple[str, str, Any]], style: str = "") -> None:
        """Show ``(label, tooltip, choice)`` items; a click calls ``press(choice)``."""
        while len(self.buttons) < len(items):
            b = widgets.Button(layout=widgets.Layout(width="auto", max_width="100%"))
            index = len(self.buttons)
            b.on_click(lambda _b, i=index: self._press(self.choices[i]))
            self.buttons.append(b)
            self.children = tuple(self.buttons)
        self.choices = [choice for _label, _tip, choice in items]
        for b, (label, tip, _choice) in zip(self.buttons, items, strict=False):
            b.description, b.tooltip, b.button_style = label, tip, style
            b.layout.display = ""
        for b in self.buttons[len(items):]:
            b.layout.display = "none"


class PlayAFullGame(widgets.VBox):
    """Set up and play a whole Terra Mystica game; people choose on the map and with buttons, bots act.

    Parameters
    ----------
    players : int
        Seats shown first (2-5).
    controllers : sequence of str, optional
        Per seat ``"human"`` or a bot name (``companion.terra_mystica.game.BOTS``: ``random``, ``greedy``,
        ``search``);
        default: seat 1 a person, the others greedy bots.
    factions : sequence of str, optional
        Per seat a faction, or None to pick it during the setup (as a legal action, every seat in turn).
        Give a faction for every seat or for none.
    map_key : str
        A shipped map (:func:`companion.terra_mystica.hexmap.shipped_maps`; default ``"base"``).
    seed : int
        Seeds the setup tiles drawn and the bots.

    Attributes
    ----------
    session : Session or None
        The game (None before :meth:`start`).
    selected : str or None
        The hex picked on the map.
    """

    def __init__(self, players: int = 2, controllers: Sequence[str] | None = None,
                 factions: Sequence[str | None] | None = None, map_key: str = "base", seed: int = 1) -> None:
        self.session: Session | None = None
        self.selected: str | None = None
        self._terrain_cache: dict[tuple, TerraMysticaMap] = {}
        self._told: tuple | None = None   # (RowTeller, sentences, last row told) for the log
        controllers = list(controllers or [HUMAN] + ["greedy"] * 4)
        factions = list(factions or [])
        valid = sorted(tm.free_factions(()))
        unknown = [f for f in factions if f is not None and f not in valid]
        if unknown:
            raise CompanionError(_("unknown faction {names}; the factions are: {valid}").format(
                names=_(", ").join(repr(f) for f in unknown), valid=_(", ").join(valid)))
        self.count = widgets.Dropdown(options=[2, 3, 4, 5], value=max(2, min(int(players), 5)))
        self.seed = widgets.IntText(value=seed, layout=widgets.Layout(width="180px"))
        self.map_choice = widgets.Dropdown(layout=widgets.Layout(width="360px"))
        self.map_file = widgets.Text(layout=widgets.Layout(width="460px"))
        self.map_file.continuous_update = False   # the file is read on Enter (or leaving the box), not per key
        self.map_choice.observe(lambda _c: self._on_map_change(), names="value")
        self.map_file.observe(lambda _c: self._on_map_file_change(), names="value")
        self._map_key = map_key
        self._custom_files: dict[str, str] = {}   # a custom map's record name -> the file it was read from
        self.controller_boxes = [widgets.Dropdown(layout=widgets.Layout(width="170px")) for _i in range(5)]
        self.faction_boxes = [widgets.Dropdown(layout=widgets.Layout(width="190px")) for _i in range(5)]
        self.seat_labels = [widgets.HTML(layout=widgets.Layout(width="70px")) for _i in range(5)]
        self._controllers0 = [controllers[i] if i < len(controllers) else "greedy" for i in range(5)]
        self._factions0 = [factions[i] if i < len(factions) else None for i in range(5)]
        self.seat_rows = [widgets.HBox([self.seat_labels[i], self.controller_boxes[i], self.faction_boxes[i]])
                          for i in range(5)]
        self.faction_note = widgets.HTML()   # the factions the chosen map leaves out, and why
        self.auction = None   # the fast auction widget, made when first asked for
        self.auction_prices: dict[str, tuple[str, int]] = {}
        self.auction_toggle = widgets.Checkbox(value=False, indent=False, layout=widgets.Layout(width="auto"))
        self.auction_toggle.observe(lambda _c: self._show_auction(), names="value")
        self.auction_use = widgets.Button(icon="check")
        self.auction_use.on_click(lambda _b: self.use_auction())
        self.auction_box = widgets.VBox()
        self.start_button = widgets.Button(button_style="success", icon="play")
        self.start_button.on_click(lambda _b: self.start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self.setup_title = widgets.HTML()
        self.setup = widgets.VBox([self.setup_title,
                                   widgets.HBox([self.count, self.seed, self.map_choice, self.start_button],
                                                layout=widgets.Layout(flex_flow="row wrap")),
                                   self.map_file,
                                   *self.seat_rows, self.faction_note, self.auction_toggle, self.auction_box])
        self.message = message_box()
        # what a move, a typed row or undo answers: right below the input box, where the person looks
        self.move_message = message_box()
        self.heading = widgets.HTML()
        self.prompt = widgets.HTML()
        self.map_slot: ChartSlot | None = None
        self.map_legend = widgets.HTML()
        self.hex_title = widgets.HTML()
        self.hex_buttons = _ButtonPool(self.act)
        self.action_title = widgets.HTML()
        self.action_buttons = _ButtonPool(self.act)
        self.typed = widgets.Text(layout=widgets.Layout(width="420px"))
        self.typed.continuous_update = False   # the value arrives on Enter (or leaving the box): submit it
        self.typed.observe(lambda ch: self.type_row(ch["new"]), names="value")
        self.typed_button = widgets.Button(icon="keyboard")
        self.typed_button.on_click(lambda _b: self.type_row(self.typed.value))   # Enter submits too
        self.undo_button = show_tooltip(widgets.Button(icon="undo"))   # its help written out on a touch screen
        self.undo_button.on_click(lambda _b: self.undo())
        self.typed_help = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.controls = widgets.HBox([self.undo_button, self.typed, self.typed_button],
                                     layout=widgets.Layout(flex_flow="row wrap"))
        self.controls.add_class("companion-tm-row-box")
        self.hint_button = show_tooltip(widgets.Button(icon="lightbulb-o"))
        self.hint_button.on_click(lambda _b: self._coach_step(self.hint))
        self.review_button = show_tooltip(widgets.Button(icon="line-chart"))
        self.review_button.on_click(lambda _b: self._coach_step(self.review))
        self.coach_controls = widgets.HBox([self.hint_button, self.review_button],
                                           layout=widgets.Layout(flex_flow="row wrap"))
        self.coach = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.review_panel = ReviewPanel()
        self.review_box = self.review_panel.box
        self._hint_for: Any = None
        self._hint_moves: list[MoveAnalysis] | None = None
        self._review = None
        self._reviewed: tuple = ()   # the session's states the review was made for
        self.board_slot: ChartSlot | None = None
        self.table = widgets.HTML()
        self.final_html = widgets.HTML()
        self.log_html = widgets.HTML()
        self.game = widgets.VBox()
        self.record_file = RecordFile(default_save_dir() / "terra-mystica-game.txt", self.save_record,
                                      self.open_record)
        self._translate_setup()
        self._show_seats()
        self._show_map_file()
        self._show_auction()
        super().__init__([busy_style(), self.setup, self.message, self.game, self.record_file])
        add_language_listener(self._retranslate)

    # ------------------------------------------------------------------ language
    def _translate_setup(self) -> None:
        self.setup_title.value = "<b>{}</b> — {}".format(
            html.escape(_("New game")),
            html.escape(_("each seat is a person (hot-seat: people take turns at this screen) or a bot. "
                          "Pick a faction for every seat, or leave all on '(pick)' to choose them during "
                          "the setup in turn order.")))
        self.count.description = _("Players")
        self.seed.description = _("Seed")
        self.map_choice.description = _("Map")
        key = self.map_choice.value or self._map_key
        self.map_choice.options = [(_(MAP_TITLES.get(e["key"], e["name"])), e["key"]) for e in shipped_maps()] + [
            (_("Custom map file"), _CUSTOM)]   # short: a long label is cut off in the menu; details in the tooltip
        self.map_choice.value = key
        self.map_choice.tooltip = _("a shipped map, or a custom map file in the format the map explorer reads "
                                    "(type its path, or a design's name as the map lab lists it, in Map file)")
        self.map_file.description = _("Map file")
        self.map_file.placeholder = _("path to a map file, or the name of a design saved in the map lab")
        for i in range(5):
            self.seat_labels[i].value = html.escape(_("Seat {n}").format(n=i + 1))
            value = self.controller_boxes[i].value or self._controllers0[i]
            self.controller_boxes[i].options = [(_("Person"), HUMAN)] + [
                (_("Bot: {name}").format(name=_(BOT_NAMES[b]) if b in BOT_NAMES else b), b)
                for b in tm.BOTS]
            self.controller_boxes[i].value = value
        self._offer_factions()
        self.start_button.description = _("New game")
        self.auction_toggle.description = _("Pick the factions by the fast auction instead")
        self.auction_use.description = _("Seat the auction's factions")
        self.undo_button.description = _("Undo")
        self.undo_button.tooltip = _("take back the last decision of a person (and the bots' answers after it)")
        # short (a text box does not wrap: the whole sentence was cut off on a phone); the example in full above it
        self.typed.placeholder = _("type a row and press Enter")
        self.typed_help.value = '<div class="companion-tm-row-help" style="{}">{}</div>'.format(
            _WRAP_HELP, html.escape(_("or type a row of the command language, one turn's commands separated by full "
                                      "stops, and press Enter, e.g. {example}")).format(
                example="<code>burn 2. convert 1pw to 1c</code>"))
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("the search's three best moves for the person to act, with their expected "
                                     "final VP and why")
        self.review_button.description = _("Review")
        self.review_button.tooltip = _("every faction's expected final VP after each move so far, with the "
                                       "biggest drops and the move the search preferred")
        self.typed_button.description = _("Do it")
        self.typed_button.tooltip = _("apply the typed row of the command language for the faction to act")
        self.map_legend.value = "<small>{}</small>".format(" · ".join(
            f"<span style='color:{colour}'>■</span> {html.escape(text)}" for colour, text in (
                ("#00b8e0", _("you can build here")), ("#ffae00", _("you can terraform here")),
                ("#b04dff", _("you can upgrade here")), ("#ff00aa", _("the hex you picked")))))

    def _retranslate(self, _language: str) -> None:
        """Set every label, button, table and figure title again in the new language, in place."""
        if self.comm is None:   # closed: nothing shows it any more
            return
        self._translate_setup()
        self._told = None   # the log is told again in the new language
        if self.session is not None:
            self.refresh(keep_message=True)

    def _show_auction(self) -> None:
        if self.auction_toggle.value and self.auction is None:
            from companion.widgets.terra_mystica.auction import FastAuction

            self.auction = FastAuction()
            self.auction_box.children = [self.auction, self.auction_use]
        self.auction_box.layout.display = "" if self.auction_toggle.value else "none"

    def use_auction(self) -> bool:
        """Seat the factions won in the fast auction, in its turn order (seat 1 plays the first faction),
        and remember the prices (VP) to show them. False (reason shown) while the auction is unresolved."""
        result = self.auction.resolution if self.auction is not None else None
        if result is None:
            self.message.value = error_html(_("the auction is not resolved yet: enter every faction and bid"))
            return False
        playable = {value for _label, value in self.faction_boxes[0].options}
        refused = [a.faction for a in result.assignments if a.faction not in playable]
        if refused:
            map_name = self._menu_map_name()

            def why(faction: str) -> str:
                try:
                    reason = tm.map_refusal(faction, map_name)
                except CompanionError:
                    reason = None
                return reason or _("the engine cannot seat {names} yet").format(names=faction_name(faction))

            self.message.value = error_html("; ".join(why(f) for f in refused))
            return False
        self.count.value = len(result.assignments)
        for box, a in zip(self.faction_boxes, result.assignments, strict=False):
            box.value = a.faction
        self.auction_prices = {a.faction: (a.player, a.price) for a in result.assignments}
        self.message.value = info_html(_("Seats take the auction's factions in turn order: {seats}. The engine "
                                         "starts every faction on 20 VP: pay the prices from your VP at the "
                                         "table (the final scoring lists them).").format(
            seats="; ".join(_("seat {n}: {who} plays the {name} for {price} VP").format(
                n=i + 1, who=a.player, name=faction_name(a.faction), price=a.price)
                for i, a in enumerate(result.assignments))))
        return True

    def _show_map_file(self) -> None:
        self.map_file.layout.display = "" if self.map_choice.value == _CUSTOM else "none"

    def _on_map_change(self) -> None:
        self._show_map_file()
        self._offer_factions()

    def _menu_map_name(self) -> str | None:
        """The chosen map for the faction menus: None (every faction offered) while a custom map file is not
        typed or cannot be read (:meth:`start` then says why)."""
        try:
            return self._chosen_map_name()
        except CompanionError:
            return None

    def _offer_factions(self) -> None:
        """Each seat's faction menu offers the factions that can play on the chosen map (the rules core's
        answer: :func:`companion.terra_mystica.game.free_factions` with the map, the reasons from
        :func:`~companion.terra_mystica.game.unplayable_factions`); the others are named below the seats with
        the reason. A seat whose faction is left out goes back to '(pick)'."""
        map_name = self._menu_map_name()
        offered = [(faction_name(n), n) for n in sorted(tm.free_factions((), map_name), key=faction_order)]
        keys = {n for _label, n in offered}
        refused = tm.unplayable_factions(map_name)
        unset = []   # the seats whose faction this map leaves out: each named with the rules core's reason
        for i, box in enumerate(self.faction_boxes):
            fvalue = box.value if box.options else self._factions0[i]
            box.options = [(_(_PICK), None)] + offered
            box.value = fvalue if fvalue in keys else None
            if fvalue is not None and box.value is None and i < self.count.value:
                unset.append(_("seat {n} no longer has a faction: {reason}; pick another faction.").format(
                    n=i + 1, reason=refused.get(fvalue) or _("the engine cannot seat {names} yet").format(
                        names=faction_name(fvalue))))
        if unset:
            self.message.value = error_html(join_sentences(*unset))
        self.faction_note.value = "" if not refused else "<div style='font-size:0.9em'><b>{}</b><ul>{}</ul></div>".format(
            html.escape(_("Not offered on this map:")),
            "".join(f"<li>{html.escape(reason)}</li>" for reason in refused.values()))

    def _show_seats(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.layout.display = "" if i < self.count.value else "none"

    # ------------------------------------------------------------------ setup
    def controllers(self) -> list[str]:
        """``"human"`` or a bot name per seat, as set up."""
        return [self.controller_boxes[i].value for i in range(self.count.value)]

    def start(self) -> bool:
        """Start a game with the seats, factions, map and seed of the setup. False (with the reason shown)
        when the setup is refused (e.g. two factions of one colour)."""
        n = self.count.value
        picked = [self.faction_boxes[i].value for i in range(n)]
        if any(picked) and not all(picked):
            missing = [i + 1 for i, faction in enumerate(picked) if not faction]
            self.message.value = error_html(ngettext(
                "seat {seats} has no faction: pick a faction for every seat, or for none (then each seat picks "
                "during the setup)",
                "seats {seats} have no faction: pick a faction for every seat, or for none (then each seat picks "
                "during the setup)", len(missing)).format(seats=_(", ").join(str(n) for n in missing)))
            return False
        players: int | list[str] = list(picked) if all(picked) else n
        try:
            map_name = self._chosen_map_name()
            with busy(self, self.message):   # bots may play many turns before a person is asked
                session = Session(tm, players, seed=self.seed.value, controllers=self.controllers(),
                                  map_name=map_name)
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return False
        if not (self.auction_toggle.value and set(self.auction_prices) == set(picked)):
            self.auction_prices = {}   # the seats no longer hold the auction's factions
        self._use(session)
        text = _("New game on the {map}.").format(map=self._map_name()) if map_name and map_name.lower(
            ).startswith(CUSTOM_MAP_PREFIX) else _("New game on the map {map}.").format(map=self._map_name())
        if self.auction_prices:
            text = join_sentences(text, _("Auction prices to pay from your VP: {prices}.").format(prices=_(", ").join(
                f"{faction_name(f)} {price}" for f, (_player, price) in self.auction_prices.items())))
        self.message.value = info_html(text)
        return True

    def _chosen_map_name(self) -> str | None:
        """The map of the setup as a record names it (None: the base map); a custom map file is read here.

        Raises
        ------
        CompanionError
            When the file cannot be read, or is not a map (``MapFormatError`` names the row and column).
        """
        key = self.map_choice.value
        if key == "base":
            return None
        if key != _CUSTOM:
            return key
        value = self.map_file.value.strip()
        if not value:
            raise CompanionError(_("type the path of a custom map file, or choose a shipped map"))
        path = Path(value).expanduser()
        if path.exists():
            # the project's reader: a folder, bytes that are not UTF-8 or a huge file are worded as the CLI words them
            tm_map = parse_map(read_text(path, max_bytes=MAX_MAP_CHARS), file=str(path))
            shown = path.name
        else:   # a design saved in the map lab, by the name the lab lists it under
            store = DesignStore()
            try:
                saved = store.path(value).is_file()
            except CompanionError:   # not a possible design name (a path separator, ...)
                saved = False
            if not saved:
                raise CompanionError(_("{value}: no such map file, and no design of that name saved in {folder}").format(
                    value=value, folder=store.folder))
            tm_map, shown = store.open(value), value
        name = map_record_name(tm_map)
        self._custom_files[name] = shown
        return None if name == "base" else name

    def _on_map_file_change(self) -> None:
        """Read the typed map file (or design name) at once: its error is shown, or an old error is cleared."""
        if self.map_choice.value == _CUSTOM and self.map_file.value.strip():
            try:
                self._chosen_map_name()
            except CompanionError as exc:
                self.message.value = error_html(str(exc))
            else:
                if "companion-error" in self.message.value:
                    self.message.value = ""
        self._offer_factions()

    def _map_name(self) -> str:
        key = (self.session.state.map_name or "base") if self.session is not None else "base"
        if key.lower().startswith(CUSTOM_MAP_PREFIX):
            if key in self._custom_files:
                return _("custom map {file}").format(file=self._custom_files[key])
            return _("custom map")
        return _(MAP_TITLES.get(key) or next((e["name"] for e in shipped_maps() if e["key"] == key), key))

    def _use(self, session: Session) -> None:
        self.session = session
        self.selected = None
        self._terrain_cache.clear()
        if self.map_slot is None:
            self.map_slot = ChartSlot(self._map_figure(), fit_width=True)
            self._bind_click()
            self.board_slot = ChartSlot(self._board_figure())
            choices = widgets.VBox([self.hex_title, self.hex_buttons, self.action_title, self.action_buttons,
                                    self.typed_help, self.controls, self.move_message])
            self.game.children = [self.heading, self.prompt, self.map_slot, self.map_legend, choices,
                                  self.coach_controls, self.coach, self.table, self.board_slot,
                                  self.review_box, self.final_html, self.log_html]
        self._hint_for = self._hint_moves = self._review = None
        self.refresh(keep_message=True)

    def save_record(self, path):
        """Write the game's command log to ``path`` atomically (the replay notebook reads it).

        Raises
        ------
        CompanionError
            With no game to save, or when the folder is not writable.
        """
        if self.session is None:
            raise CompanionError(_("no game to save: start one first"))
        return self.session.save(path)

    def open_record(self, path: str | Path) -> None:
        """Continue the game recorded in ``path``; the seats keep the people and bots of the setup.

        Raises
        ------
        CompanionError
            When the file cannot be read or does not replay (the game on screen is kept).
        """
        try:
            read_text(path)   # a folder, a missing file, or bytes that are not text: worded, with the file named
        except CompanionError as exc:
            raise CompanionError(_("{reason}; expected a Terra Mystica game record (a text file of command rows, "
                                   "as Save writes)").format(reason=exc)) from None
        probe = Session.open(tm, path)
        seats = len(probe.seat_names())
        if seats != self.count.value:
            self.count.value = seats
        session = Session(tm, states=probe.states, seed=self.seed.value, controllers=self.controllers())
        session.settle()
        self._use(session)
        self.message.value = info_html(_("Opened a game of {n} players.").format(n=seats))

    # ------------------------------------------------------------------ queries (plain, for tests)
    def human_actions(self) -> list[Any]:
        """The legal actions of the person to act (empty on a bot's turn or once the game is over)."""
        if self.session is None or not self.session.is_human_turn():
            return []
        return self.session.legal_actions()

    def actions_on(self, label: str) -> list[Any]:
        """The person's legal actions that act on hex ``label``."""
        return [a for a in self.human_actions() if any(h == label for _v, h in tm.action_hexes(a))]

    def highlighted(self) -> dict[str, str]:
        """Hex label -> outline role for the legal actions of the person to act (build before terraform
        before upgrade), and the picked hex."""
        order = list(HIGHLIGHT_ROLES)
        best: dict[str, str] = {}
        for a in self.human_actions():
            for verb, label in tm.action_hexes(a):
                if label not in best or order.index(verb) < order.index(best[label]):
                    best[label] = verb
        out = {label: HIGHLIGHT_ROLES[verb] for label, verb in best.items()}
        if self.selected is not None:
            out[self.selected] = "selected"
        return out

    # ------------------------------------------------------------------ callbacks
    def select_hex(self, label: str) -> None:
        """Pick hex ``label`` (what a click on the map calls): a hex with one legal action acts at once,
        one with several shows them as buttons; a hex with none says so."""
        if self.session is None:
            return
        label = label.strip().upper() if not label.startswith("r") else label
        actions = self.actions_on(label)
        if not actions:
            self.selected = None
            self.move_message.value = error_html(
                _("no legal action on hex {label} now; the outlined hexes have one").format(label=label))
            self.refresh(keep_message=True)
            return
        if len(actions) == 1:
            self.act(actions[0])
            return
        self.selected = label
        self.move_message.value = ""
        self.refresh(keep_message=True)

    def act(self, action: Any) -> None:
        """Hand a person's action to the session (bots answer after it)."""
        self._do(lambda: self.session.apply(action))

    def type_row(self, text: str) -> None:
        """Apply a typed row of the command language for the faction to act."""
        if not text.strip():
            return
        def step():
            self.session.apply(tm.parse_action(self.session.state, text))
            self.typed.value = ""
        self._do(step)

    def undo(self) -> None:
        """Go back to just before the last decision of a person (the bots' answers after it go too)."""
        if self.session is None:
            return
        with busy(self, self.move_message):
            self.selected = None
            if not self.session.undo():
                self.move_message.value = info_html(_("Nothing to undo."))
            else:
                self.move_message.value = info_html(_("Undone."))
            self.refresh(keep_message=True)

    # ------------------------------------------------------------------ coach
    def _coach_step(self, step: Callable[[], Any]) -> None:
        if self.session is None:
            self.message.value = error_html(_("Start a game first."))
            return
        with busy(self, self.message):
            try:
                step()
            except CompanionError as exc:
                self.message.value = error_html(str(exc))

    def hint(self) -> list[MoveAnalysis] | None:
        """Show the three best moves for the person to act, each with its expected final VP and why.

        The moves, figures and reasons come from the search bot (:func:`companion.terra_mystica.search.hint`,
        at most :data:`HINT_SECONDS`). Returns them (``None`` when no person is to act, or the setup is on).

        Raises
        ------
        CompanionError
            When the game is over or the factions are not seated yet (the widget's buttons show it).
        """
        if self.session is None or not self.session.is_human_turn():
            return None
        moves = hint(self.session.state, 3, seconds=HINT_SECONDS)
        self._hint_for, self._hint_moves = self.session.state, moves
        self._show_hint()
        return moves

    def _show_hint(self) -> None:
        moves = self._hint_moves
        if not moves or self.session is None or self._hint_for is not self.session.state:
            self.coach.value = ""
            return
        title = _("Hint: the search's three best moves for {player}").format(
            player=faction_name(moves[0].action.faction))
        self.coach.value = hint_html(title, [(describe_action(m.action),
                                              _("expected final VP {vp}, {gap}").format(
                                                  vp=f"{m.expected_vp:.1f}", gap=rival_gap(m.expected_vp - m.rival_vp)),
                                              m.reason) for m in moves])

    def review(self):
        """Chart every faction's expected final VP after each move so far, with each one's three biggest
        drops and the move the search preferred there (:func:`companion.terra_mystica.search.review`).

        Returns
        -------
        companion.coach.Review or None
            None (with a message) before the factions have made a move.
        """
        if self.session is None or self.session.state.game is None or not any(
                isinstance(a, tm.Action) and not a.is_setup for a in self.session.actions):
            # said under the Review button (the status line above the map is off a phone's screen from it)
            self.coach.value = info_html(_("Nothing to review yet: no move has been made."))
            return None
        self._review = review(list(self.session.states), list(self.session.actions), seconds=REVIEW_SECONDS)
        self._reviewed = tuple(self.session.states)
        self._show_review()
        return self._review

    def _show_review(self) -> None:
        self.review_panel.show(self._review, self._factions(), self._reviewed)
        if self.session is not None:
            self.review_panel.follow(self.session.states)

    def _do(self, step: Callable[[], Any]) -> None:
        if self.session is None:
            self.message.value = error_html(_("Start a game first."))
            return
        with busy(self, self.move_message):
            try:
                step()
            except CompanionError as exc:
                self.move_message.value = error_html(str(exc))
                self.refresh(keep_message=True)
                return
            self.selected = None
            self.move_message.value = ""
            self.refresh(keep_message=True)

    def _bind_click(self) -> None:
        for trace in self.map_slot.figure.data:
            if trace.name == HEX_TRACE:
                trace.on_click(lambda t, points, _state: self._on_click(t, points))

    def _on_click(self, trace, points) -> None:
        if points.point_inds:
            self.select_hex(trace.customdata[points.point_inds[0]])

    # ------------------------------------------------------------------ views
    def refresh(self, keep_message: bool = False) -> None:
        """Redraw the heading, the prompt, the map, the choices, the board, the table and the log."""
        if self.session is None:
            return
        if not keep_message:
            self.message.value = self.move_message.value = ""
        s = self.session
        self.heading.value = self._heading()
        self.prompt.value = self._prompt()
        self.map_slot.show(self._map_figure())
        self._bind_click()
        self._show_choices()
        self.undo_button.disabled = not any(k == HUMAN for k in s.kinds)
        self.controls.layout.display = self.typed_help.layout.display = "" if s.is_human_turn() else "none"
        self.hint_button.disabled = not s.is_human_turn() or s.state.game is None
        self._show_hint()
        if self._review is not None and self.review_panel.follow(s.states):   # undone; else said to be behind
            self._review, self._reviewed = None, ()
        self.table.value = self._table_html()
        self.board_slot.show(self._board_figure())
        self.final_html.value = self._final_html()
        self.log_html.value = self._log_html()

    def _names(self) -> list[str]:
        return self.session.seat_names()

    def _who(self, seat: int) -> str:
        names = self._names()
        name = names[seat]
        shown = faction_name(name) if seat < len(self.session.state.seated) else _("Seat {n}").format(n=seat + 1)
        kind = _("person") if self.session.controllers[seat] == HUMAN else _("bot")
        # Through the catalog: Chinese wants full-width brackets around Chinese text (女巫（真人）).
        return _("{name} ({kind})").format(name=shown, kind=kind)

    def _heading(self) -> str:
        s = self.session
        g = s.state.game
        if s.is_terminal():
            return "<h4>{}</h4>".format(html.escape(_("Game over")))
        if g is None:
            return "<h4>{}</h4>".format(html.escape(_("Setup: each seat picks a faction")))
        if g.round == 0:
            title = _("Setup: initial dwellings and bonus tiles")
        else:
            title = _("Round {n} of 6").format(n=g.round)
        tile = ""
        if 1 <= g.round <= 6:
            tile = "<div>{}</div>".format(html.escape(_("Round scoring tile: {tile}").format(
                tile=gloss_codes(s.state.round_tiles[g.round - 1]))))
        order = _(", ").join(faction_name(n) for n in g.order)
        return "<h4>{}</h4>{}<div>{}</div>".format(html.escape(title), tile,
                                                   html.escape(_("Turn order: {order}").format(order=order)))

    def _prompt(self) -> str:
        s = self.session
        if s.is_terminal():
            return ""
        seat = s.current_player()
        if seat == CHANCE:
            return info_html(_("Drawing the setup tiles…"))
        who = self._who(seat)
        if not s.is_human_turn():
            return info_html(_("{who} is to act.").format(who=who))
        g = s.state.game
        name = self._names()[seat]
        offers = [o for o in g.offers if o["to"] == name] if g is not None else []
        if offers:
            o = offers[0]
            gain = o.get("actual", o["amount"])
            if gain <= 1:   # one power costs no VP: "costs 0 VP" read as a slip
                text = _("{who}: a neighbour built next to you. Accepting {n} power from the {giver} costs no VP; "
                         "or decline it.").format(who="{who}", n=gain, giver=faction_name(o["from"]))
            else:
                text = ngettext("{who}: a neighbour built next to you. Accepting {n} power from the {giver} costs "
                                "{vp} VP; or decline it.",
                                "{who}: a neighbour built next to you. Accepting {n} power from the {giver} costs "
                                "{vp} VP; or decline it.", gain - 1).format(
                    who="{who}", n=gain, giver=faction_name(o["from"]), vp=gain - 1)
        elif g is None:
            text = _("{who}: pick a faction.")
        elif tm.turn_needs(s.state):
            # the open turn's obligations (RULES-NOTES-E E.2); its declines are among the buttons below
            text = _("{who}: this turn still needs: {needs}.").format(who="{who}", needs=tm.turn_needs(s.state))
        elif any(tm.action_hexes(a) for a in s.legal_actions()):
            text = _("{who}: your turn. Click an outlined hex on the map, or choose an action below.")
        else:
            text = _("{who}: your turn. Choose below.")
        return f"<div style='font-size:1.1em'><b>{html.escape(text.format(who=who))}</b></div>"

    def _show_choices(self) -> None:
        actions = self.human_actions()
        on_hex = self.actions_on(self.selected) if self.selected else []
        self.hex_title.value = ("<b>{}</b>".format(html.escape(_("Actions on hex {label}:").format(label=self.selected)))
                                if on_hex else "")
        self.hex_buttons.show([(describe_action(a), a.text, a) for a in on_hex], "info")
        rest = [a for a in actions if not tm.action_hexes(a)]
        declines = [a for a in rest if getattr(a, "text", "").startswith("decline ")]
        if len(declines) == 1:   # one offer: the bare "decline" is the same choice as declining it, one button
            rest = [a for a in rest if getattr(a, "text", None) != "decline"]
        self.action_title.value = "<b>{}</b>".format(html.escape(_("Other actions:"))) if rest else ""
        self.action_buttons.show([(describe_action(a), getattr(a, "text", ""), a) for a in rest])

    def _current_map(self) -> TerraMysticaMap:
        g = self.session.state.game
        key = self.session.state.map_name or "base"
        if g is None:
            return self._terrain_cache.setdefault(("", key), map_by_name(key))
        terrain = g.snapshot().terrain
        m = self._terrain_cache.get((terrain, key))
        if m is None:
            m = self._terrain_cache[(terrain, key)] = terrain_map(g.board.map, terrain)
        return m

    def _map_figure(self) -> go.Figure:
        g = self.session.state.game if self.session is not None else None
        state = g.townstate if g is not None else None
        if g is None:
            title = _("Map: {name}").format(name=self._map_name())
        elif g.round == 0:
            title = _("Map: {name} — setup").format(name=self._map_name())
        else:
            title = _("Map: {name} — round {n}").format(name=self._map_name(), n=min(g.round, 6))
        # as wide as the page's box (a 780 px drawing showed columns 1-6 only on a 390 px phone), as tall as that
        # width needs for this map's rows (at most 470 px)
        return map_figure(self._current_map(), state=state, highlight=self.highlighted(), title=title, height=470)

    def _factions(self) -> list[str]:
        g = self.session.state.game
        return list(g.seats) if g is not None else []

    def _board_figure(self) -> go.Figure:
        names = self._factions()
        g = self.session.state.game
        # one chart above the other: side by side, a phone's 400 px put the bowls' axis title inside the cult chart
        fig = make_subplots(rows=2, cols=1, vertical_spacing=0.2, row_heights=[0.55, 0.45],
                            subplot_titles=(_("Cult tracks (steps, 0-10)"), _("Power bowls (power tokens)")))
        tracks = [track_name(t) for t in CULT_TRACKS]
        bowls = [_("bowl I"), _("bowl II"), _("bowl III")]
        for name in names:
            f = g.factions[name]
            colour = faction_colour(name)
            fig.add_trace(go.Bar(name=faction_name(name), x=tracks, y=[f.cult[t] for t in CULT_TRACKS],
                                 marker=dict(color=colour, line=dict(color="#333", width=1)),
                                 text=[f.cult[t] for t in CULT_TRACKS], textposition="outside",
                                 legendgroup=name, hovertemplate="%{x}: %{y}<extra>" + faction_name(name) + "</extra>"),
                          row=1, col=1)
            fig.add_trace(go.Bar(name=faction_name(name), x=bowls, y=list(f.bowls),
                                 marker=dict(color=colour, line=dict(color="#333", width=1)),
                                 text=list(f.bowls), textposition="outside", legendgroup=name, showlegend=False,
                                 hovertemplate="%{x}: %{y}<extra>" + faction_name(name) + "</extra>"),
                          row=2, col=1)
        fig.update_yaxes(range=[0, 11.5], row=1, col=1, title_text=_("steps"))
        fig.update_yaxes(rangemode="tozero", row=2, col=1, title_text=_("power tokens"))
        fig.update_layout(barmode="group", height=520, margin=dict(l=50, r=10, t=40, b=40),
                          legend=dict(orientation="h", y=-0.08))
        return fig

    def _table_html(self) -> str:
        g = self.session.state.game
        if g is None:
            return ""
        sheet = self.session.score()
        projected = {p.name: p.total for p in sheet.players}
        head = "".join(   # a swatch of the faction's colour: yellow or gray text would be hard to read
            f"<th style='padding:2px 8px;{_KEEP_WORDS}'><span style='color:{faction_colour(n)};-webkit-text-stroke:1px #333'>"
            f"■</span> {html.escape(self._who(i))}</th>" for i, n in enumerate(g.seats))
        rows: list[tuple[str, list[str]]] = []
        fs = [g.factions[n] for n in g.seats]
        rows.append((_("VP"), [str(f.vp) for f in fs]))
        if not self.session.is_terminal():
            rows.append((_("VP if the game ended now"), [str(projected.get(n, "")) for n in g.seats]))
        rows.append((_("coins"), [str(f.coins) for f in fs]))
        rows.append((_("workers"), [str(f.workers) for f in fs]))
        rows.append((_("priests"), [str(f.priests) for f in fs]))
        rows.append((_("power bowls I / II / III"), ["{} / {} / {}".format(*f.bowls) for f in fs]))
        rows.append((_("cult tracks Fire / Water / Earth / Air"),
                     [" / ".join(str(f.cult[t]) for t in CULT_TRACKS) for f in fs]))
        rows.append((_("shipping / exchange track"), [f"{f.shipping_level} / {f.digging_level}" for f in fs]))
        rows.append((_("buildings D / TP / TE / SH / SA"),
                     [" / ".join(str(f.buildings[k]) for k in BUILDING_NAMES) for f in fs]))
        rows.append((_("favor tiles"), [_(", ").join(f.favors) or "–" for f in fs]))
        rows.append((_("town tiles"), [_(", ").join(f.towns) or "–" for f in fs]))
        rows.append((_("bonus tile"), [(f.bonus or "–") + (" " + _("(passed)") if f.passed else "") for f in fs]))
        body = "".join("<tr><td style='padding:2px 8px;{}'><b>{}</b></td>{}</tr>".format(
            _KEEP_WORDS, html.escape(label), "".join(
                f"<td style='padding:2px 8px;text-align:center;white-space:nowrap'>{html.escape(v)}</td>"
                for v in values)) for label, values in rows)
        return (f"<table class='companion-tm-play' style='border-collapse:collapse;font-size:13px'>"
                f"<tr><th></th>{head}</tr>{body}</table>")

    def _final_html(self) -> str:
        table = final_table(tm.final_breakdown(self.session.state))
        if table is None:
            return ""
        extra = None
        if self.auction_prices:
            extra = (_("auction price (VP, paid at the table)"),
                     [" ".join(str(x) for x in self.auction_prices.get(f, ("", 0))).strip() for f in table.factions])
        return final_scoring_html(table, extra=extra)

    def _told_rows(self) -> list[str]:
        """Every row of the game so far told in words (:class:`~companion.terra_mystica.describe.RowTeller`,
        the replay's sentences); kept between redraws and told again after an undo or a language switch."""
        rows = self.session.state.game.rows
        if self._told is None or len(self._told[1]) > len(rows) or (
                self._told[1] and rows[len(self._told[1]) - 1] is not self._told[2]):
            self._told = (RowTeller(), [], None)     # another game, an undo, or another language
        teller, sentences, _last = self._told
        sentences.extend(teller.tell_row(r) for r in rows[len(sentences):])
        self._told = (teller, sentences, rows[-1] if rows else None)
        return sentences

    def _log_html(self) -> str:
        g = self.session.state.game
        if g is None:
            return ""
        items = "".join(f"<li>{html.escape(t)}</li>" for t in self._told_rows()[-16:])
        bots = sum(1 for k in self.session.kinds if k == BOT)
        return "<details><summary>{}</summary><ul>{}</ul></details>".format(
            html.escape(ngettext("What happened (last rows of the ledger; {n} bot action so far)",
                                 "What happened (last rows of the ledger; {n} bot actions so far)", bots)
                        .format(n=bots)), items)
