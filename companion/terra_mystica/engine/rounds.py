"""Rounds and income: income and cult income, round end and its cult bonuses, turn order, and final
scoring (rulebook; RULES-NOTES sections 3, 6; RULES-NOTES-D D.3, D.4).
"""

from __future__ import annotations

from companion.i18n import _
from companion.terra_mystica.engine.commands import CULT_TRACKS
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.setup import FINAL_TILES, SetupError
from companion.terra_mystica.engine.turn import (
    NO_TURN,
)
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.scoring import PlayerFinal, final_scoring, final_tile_network_value


class Rounds:
    """Income, round end, turn order and final scoring, a layer of :class:`~.state.Game`."""

    # ------------------------------------------------------------------ rounds
    def _income(self, f: FactionState) -> dict:
        total: dict[str, int] = {}
        for kind, b in f.data.buildings.items():
            for res, v in b.income(f.buildings[kind]).items():  # the faction board's income for that many buildings
                total[res] = total.get(res, 0) + v
        for fav in f.favors:
            for res, v in self.tiles.favor[fav].income.items():
                total[res] = total.get(res, 0) + v
        if f.bonus:
            for res, v in self.tiles.bonus[f.bonus].income.items():
                total[res] = total.get(res, 0) + v
        return total

    def _start_income(self) -> None:
        for name in self.order:
            f = self.factions[name]
            inc = self._income(f)
            for res in ("C", "W", "P", "PW"):
                if res in inc:
                    self._gain(f, {res: inc[res]}, "income")
            self._emit(f, "other_income_for_faction")
        self.phase = "actions"

    def _end_round(self) -> None:
        for bid in self.bonus_pool:
            self.bonus_pool[bid] += 1
        prev = self.round
        if prev == 6:
            self._final_scoring()
            return
        # next turn order
        self.order = list(self.seats) if prev == 0 else self._next_order()
        self._last_actor = None
        self._turn = 0
        self.pass_order = []
        self.used_actions = set()
        for f in self.factions.values():
            f.passed = False
            f.spades = 0
            f.set_owed(free_transform=0, free_dwelling=0, free_trading_house=0, bridge=0)
        self.turn = NO_TURN
        self.round = prev + 1
        self.phase = "income"
        if prev >= 1 and len(self.setup.round_tiles) >= prev:
            tile = self.tiles.round_scoring[self.setup.round_tiles[prev - 1]]
            bonus = tile.cult_bonus
            any_spades = False
            for name in self.order:
                f = self.factions[name]
                if bonus.track == "CULT_P":
                    pos = f.priests_on_slots  # priests on the cult board's priest spaces
                else:
                    pos = f.cult[bonus.track]
                gain = bonus.for_position(pos)
                if "SPADE" in gain:
                    # the Giants get a single spade too: they cannot use it (always 2 spades) and discard it
                    # with "-SPADE" before income goes on (RULES-NOTES-D D.4, tricky case 10)
                    if name in self.dropped:
                        gain = {}
                    elif f.data.terraform_mode == "none":
                        gain = {k: v for k, v in gain.items() if k != "SPADE"}  # Riverwalkers: spades vanish
                    elif f.data.terraform_mode == "volcano":
                        # converted at once; the Acolytes place their free steps before income goes on
                        # (FIRE-ICE-NOTES section 5, commit 6c1bf47)
                        self._gain_spades(f, gain["SPADE"])
                        any_spades = any_spades or f.owed.cult > 0
                        gain = {k: v for k, v in gain.items() if k != "SPADE"}
                    else:
                        f.cult_spade = True
                        self._gain_spades(f, gain["SPADE"])
                        any_spades = True
                        gain = {k: v for k, v in gain.items() if k != "SPADE"}
                self._gain(f, gain, "cult income")
                self._emit(f, "cult_income_for_faction")
            if any_spades or any(f.owed.unlocks for f in self.factions.values()):
                # cult-income spades, and the Riverwalkers' unlock choices from cult-income priests, are
                # settled before the other income (RULES-NOTES-D D.4; RULES-NOTES-E E.4 in_income_terrain_unlock)
                self.phase = "cult_spades"
                return
        self._start_income()

    def _next_order(self, *, table_list: bool = False) -> list[str]:
        """Next round's turn order and income order (RULES-NOTES-D D.5, RULES-NOTES-E E.6): the table list
        rotated to start at the round's first passer. With variable-turn-order each pass moves the passer
        to the end of the table list, so a faction dropped before passing ends up **last**, after the last
        passer; otherwise the table list is the seating and a dropped faction keeps its seat position.
        ``table_list``: the list itself, unrotated (the order of the final-scoring rows)."""
        if "variable-turn-order" in self.options:
            table = [n for n in self.order if n not in self.pass_order] + list(self.pass_order)
            if not self.pass_order or table_list:
                return table
            i = table.index(self.pass_order[0])
            return table[i:] + table[:i]
        if not self.pass_order:
            return list(self.order)
        return self._rotate(self.pass_order[0])

    def _rotate(self, first: str) -> list[str]:
        i = self.seats.index(first)
        return self.seats[i:] + self.seats[:i]

    def _final_scoring(self) -> None:
        self.round = 7
        self.phase = "over"
        # the engine lists final-scoring rows in the turn order the next round would have
        self.order = self._next_order(table_list=True)  # final scoring follows the table list (E.6, D.3)
        fs = [self.factions[n] for n in self.order]
        # scoring.final_scoring ranks cults and networks with the data's prizes and converts resources;
        # the engine writes its breakdown as the reference engine's rows (track by track, network, resources)
        tile = self.final_tile
        result = final_scoring(self._final_positions(fs), extra_category=tile)
        self.final_result = result  # the itemised breakdown, for views (frozen; shared by copies)
        scored = result.players
        if tile:
            # the Fire & Ice tile is scored first: its name sorts before the cult and network rows
            # (scoring.pm score_final; FIRE-ICE-NOTES section 8)
            for f, b in zip(fs, scored, strict=True):
                if b.extra_vp:
                    f.vp += b.extra_vp
                    self._emit(f, f"+{b.extra_vp}vp for {tile}")
        for track in CULT_TRACKS:
            for f, b in zip(fs, scored, strict=True):
                vp = b.cult_vp[track.lower()]
                if vp:
                    f.vp += vp
                    self._emit(f, f"+{vp}vp for {track}")
        for f, b in zip(fs, scored, strict=True):
            if b.network_vp:
                f.vp += b.network_vp
                self._emit(f, f"+{b.network_vp}vp for network")
        for f, b in zip(fs, scored, strict=True):
            conv = b.resources
            f.bowls = conv.bowls_after
            f.workers = f.priests = 0
            f.coins = conv.coins_left
            f.vp += conv.vp
            self._emit(f, "score_resources")

    def _final_positions(self, fs: list[FactionState]) -> list[PlayerFinal]:
        """What :func:`~companion.terra_mystica.scoring.final_scoring` needs of each faction now."""
        return [PlayerFinal(faction=f.name, vp=f.vp, cults={t.lower(): f.cult[t] for t in CULT_TRACKS},
                            network=self.network_size(f.name), coins=f.coins, workers=f.workers, priests=f.priests, power=f.bowls,
                            extra=self.final_tile_value(f.name) if self.final_tile else None)
                for f in fs]

    def final_tile_value(self, name: str, tile: str | None = None) -> int:
        """Faction ``name``'s value for a Fire & Ice final-scoring tile (default the game's): the best value
        over its networks (network scoring's grouping), FIRE-ICE-NOTES section 8 (map.pm
        ``compute_network_size``). ``connected-distance``: the largest hex distance between two buildings of
        a network; ``connected-sa-sh-distance``: SA to SH when both are in one network, else 0;
        ``building-on-edge``: buildings on map-edge hexes; ``connected-clusters``: groups of buildings joined
        by direct adjacency (bridges and Mermaid links included) inside a network.

        Raises
        ------
        SetupError
            For an unknown tile name.
        """
        tile = tile or self.final_tile
        if tile not in FINAL_TILES:
            raise SetupError("final_scoring", _("unknown final-scoring tile {name!r}; expected one of {choices}").format(
                name=tile, choices=_(", ").join(FINAL_TILES)))
        import networkx as nx

        from companion.terra_mystica.network import networks

        f = self.factions[name]
        m = self.board.map
        jump = f.jump_range if f.data.teleport else 0
        best = 0
        direct = None
        for group in networks(self.townstate, name, shipping=f.shipping_level, jump_range=jump):
            clusters = None
            if tile == "connected-clusters":
                if direct is None:
                    direct = self.townstate.link_graph().subgraph(list(f.hexes))
                clusters = nx.number_connected_components(direct.subgraph(group))
            buildings = {(m.hexes[h].row, m.hexes[h].column): f.hexes.get(h, "") for h in group}
            edge = sum(1 for h in group if m.hexes[h].edge)
            best = max(best, final_tile_network_value(tile, buildings, edge_buildings=edge, clusters=clusters))
        return best

    def network_size(self, name: str) -> int:
        """Buildings in faction ``name``'s largest network (final-scoring rule, RULES-NOTES section 5)."""
        f = self.factions[name]
        jump = f.jump_range if f.data.teleport else 0
        return largest_network(self.townstate, name, shipping=f.shipping_level, jump_range=jump)

    def _maybe_advance(self) -> None:
        if self.phase == "over":
            return
        if self.phase == "cult_spades":
            if any(f.spades and f.cult_spade or f.converted_steps_due
                   or f.owed.unlocks for f in self.factions.values()):
                return
            for f in self.factions.values():
                f.cult_spade = False
            self._start_income()
            return
        if self.factions and all(f.passed or f.name in self.dropped for f in self.factions.values()) and \
                not self._decisions_open():
            self._end_round()

    def _decisions_open(self) -> bool:
        """Round end waits for every power offer (even ones that give nothing), the Cultists' steps and
        unchosen tiles (acting.pm in_play; RULES-NOTES-D D.1 / D.5)."""
        if self.turn.faction is not None and not self.turn_complete():
            return True  # the last faction passed with its turn still open (RULES-NOTES-E E.2.4)
        return bool(self.offers) or any(f.owed.cult or f.owed.favor or f.owed.town or f.owed.pick_color
                                        or f.owed.unlocks or f.owed.gain_p3 or f.owed.stronghold_bridges
                                        for f in self.factions.values())
