"""The terminal's mapping from places picked to legal moves (client/pointing.py), on
hand-made shapes: what each kind of move is picked by, and when the table asks "which
move?". (Every game, every position: tests/test_reach.py.)"""

from __future__ import annotations

from typing import Any

from client.pointing import NOTHING, Choice, pick, placeless, places_of, start_places, walkable


def mv(code: str, kind: str, src: str | None, dst: str | None, *cards: str | None,
       also: tuple[str, ...] = ()) -> dict[str, Any]:
    shape: dict[str, Any] = {"kind": kind, "from": src, "to": dst, "cards": list(cards)}
    if also:
        shape["also"] = list(also)
    return {"code": code, "text": f"the words of {code} (never read)", "shape": shape}


def picks(moves: list[dict[str, Any]], *zones: str) -> Choice:
    choice = NOTHING
    for z in zones:
        choice = pick(choice, z, moves)
    return choice


HOME = mv("w>f", "move", "waste", "f1", "AH")
ONTO = mv("w>t3", "move", "waste", "t3", "AH")
TURN = mv("r", "turn", "waste", "stock")
DEAL = mv("d", "deal", "stock", "waste", None, None, None)
RUN2 = mv("2t1>t4", "move", "t1", "t4", "9H", "8S")
RUN1 = mv("t1>t4", "move", "t1", "t4", "8S")
PAIR = mv("p1-5", "pair", "c1", "c5", "KS", "AD")
TRIO = mv("jqk", "pair", "c2", "c7", "JS", "QH", "KD", also=("c9",))
SUIT = mv("first-h", "other", None, None)
END = mv("end", "give_up", None, None)


def test_a_source_then_its_destination() -> None:
    moves = [HOME, ONTO, DEAL]
    assert start_places(moves) == {"waste", "stock"}  # destinations are not starts
    first = picks(moves, "waste")
    assert first.act is None and first.targets == {"f1", "t3"}
    assert walkable(first, moves) == {"waste", "f1", "t3"}
    assert picks(moves, "waste", "t3").act is ONTO
    assert picks(moves, "t3") is NOTHING  # no move begins there
    assert picks(moves, "stock").act is DEAL  # one place, one move: played at once


def test_the_last_place_again_means_the_move_it_completes() -> None:
    moves = [HOME, ONTO, TURN]
    first = picks(moves, "waste")
    assert first.complete == (TURN,) and first.targets == {"f1", "t3"}
    assert picks(moves, "waste", "waste").act is TURN
    assert picks([HOME, ONTO], "waste", "waste") is NOTHING  # nothing there: cleared
    assert picks(moves, "stock").act is TURN  # a turn onto the stock: there too


def test_several_moves_of_one_source_and_destination_are_asked() -> None:
    both = picks([RUN1, RUN2], "t1", "t4")
    assert both.ask and set(map(id, both.candidates)) == {id(RUN1), id(RUN2)}


def test_a_pair_or_a_trio_in_any_order() -> None:
    moves = [PAIR, TRIO, mv("p5-9", "pair", "c5", "c9", "AD", "KC")]
    assert picks(moves, "c5", "c1").act is PAIR
    assert picks(moves, "c9", "c7", "c2").act is TRIO
    assert picks(moves, "c9").targets == {"c2", "c7", "c5"}
    assert places_of(TRIO) == {"c2", "c7", "c9"}


def test_a_place_that_fits_no_move_after_the_first_starts_afresh() -> None:
    moves = [HOME, ONTO, DEAL]
    assert picks(moves, "waste", "stock").act is DEAL


def test_moves_with_no_place_are_left_to_the_list() -> None:
    moves = [HOME, SUIT, END]
    assert placeless(moves) == [SUIT, END]
    assert start_places(moves) == {"waste"}
