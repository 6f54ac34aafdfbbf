"""Beggar My Neighbor (Vintage l.228-232): the book's play as written, and its end."""

from __future__ import annotations

from typing import Any

import pytest

from rules import Game, IllegalMove, make, render
from rules.cards import ACE, JACK, KING, QUEEN, Card, card, cards, rank_of
from rules.errors import BadOptions
from rules.games.beggar_my_neighbor import MAX_CARDS, PLAY, BeggarState
from rules.round import Match
from tests.kit.leaks import secret_cards
from tests.kit.round_rules import assert_no_text_names, play, stacked, view_cards


def start(players: int, hands: dict[int, str], **options: object) -> tuple[Game[Any], BeggarState]:
    game = make("beggar_my_neighbor", {"players": players, **options})
    st: BeggarState = game.layout(stacked(game, hands), seed=11)
    return game, st


def test_the_first_player_is_left_of_the_dealer_and_plays_from_the_top() -> None:
    game, st = start(3, {1: "5S 6S", 2: "7H", 0: "8D"})
    assert st.match.dealer == 0 and game.to_move(st) == (1,)
    assert [len(p) for p in st.packs] == [17, 18, 17]  # the first served holds one more
    st = play(game, st, (1, "play"))
    assert st.pile == cards("5S") and game.to_move(st) == (2,)


def test_common_cards_go_round_until_a_court_card_and_its_neighbour_pays() -> None:
    # "his neighbors put down in turn their cards until a court card ... if a king three
    # cards ... The one who played the court card also takes all the cards" (l.230-232)
    game, st = start(3, {1: "5S 2D 3D 4D", 2: "7H", 0: "KC"})
    st = play(game, st, (1, "play"), (2, "play"), (0, "play"))
    assert (st.claimant, st.owed, game.to_move(st)) == (0, 3, (1,))
    before = len(st.packs[0])
    st = play(game, st, (1, "play"), (1, "play"))
    assert st.claimant == 0 and st.owed == 1 and st.pile
    st = play(game, st, (1, "play"))
    assert st.pile == () and st.claimant is None and game.to_move(st) == (0,)
    # the six cards under his pack, the first played first to come up again
    assert len(st.packs[0]) == before + 6
    assert st.packs[0][:6] == tuple(reversed(cards("5S 7H KC 2D 3D 4D")))


@pytest.mark.parametrize(("court", "pays"), [("AS", 4), ("KS", 3), ("QS", 2), ("JS", 1)])
def test_an_ace_pays_four_a_king_three_a_queen_two_a_jack_one(court: str, pays: int) -> None:
    game, st = start(2, {1: court, 0: "2H 3H 4H 5H"})
    st = play(game, st, (1, "play"))
    for _ in range(pays - 1):
        st = play(game, st, (0, "play"))
        assert st.claimant == 1 and st.pile
    st = play(game, st, (0, "play"))
    assert st.claimant is None and st.pile == () and game.to_move(st) == (1,)
    assert len(st.packs[1]) == 26 + pays


def test_a_court_card_in_paying_turns_the_debt_on_its_neighbour() -> None:
    # "one of the players puts down another court card, then his neighbor must pay him,
    # and he takes the whole pack instead of the previous player" (l.232)
    game, st = start(3, {1: "9S JD", 2: "4C 5C", 0: "QH 6H"})
    st = play(game, st, (1, "play"), (2, "play"), (0, "play"))  # 9, 4, queen: 1 pays two
    assert (st.claimant, st.owed, game.to_move(st)) == (0, 2, (1,))
    st = play(game, st, (1, "play"))  # paying, he puts down the knave
    assert (st.claimant, st.owed, game.to_move(st)) == (1, 1, (2,))
    st = play(game, st, (2, "play"))
    assert st.pile == () and game.to_move(st) == (1,)
    assert st.packs[1][:5] == tuple(reversed(cards("9S 4C QH JD 5C")))
    assert len(st.packs[1]) == 18 - 2 + 5


def test_the_cards_may_pass_from_player_to_player_to_the_fourth() -> None:
    # "a second player in paying puts down a court card, and the third player in paying
    # him puts down another, and so on, until perhaps the fourth or fifth player
    # actually gets the cards in the end" (l.232)
    game, st = start(5, {1: "AS", 2: "KS", 3: "QS", 4: "JS", 0: "2C"})
    claims = []
    for seat in (1, 2, 3, 4):
        st = play(game, st, (seat, "play"))
        claims.append((st.claimant, st.owed))
    assert claims == [(1, 4), (2, 3), (3, 2), (4, 1)]
    st = play(game, st, (0, "play"))
    assert st.pile == () and game.to_move(st) == (4,)
    assert st.packs[4][:5] == tuple(reversed(cards("AS KS QS JS 2C")))


def test_a_player_who_runs_out_in_paying_is_out_and_the_next_pays_the_rest() -> None:
    game = make("beggar_my_neighbor", {"players": 3})
    # packs are written bottom first: North's king is his top card; East holds one card
    rest = tuple(c for c in game.pack() if c not in cards("2S 3S KH 4S 5S 6S"))
    st = BeggarState(Match.start(1, 3), packs=(cards("2S KH"), cards("4S"),
                                                rest + cards("6S 5S")), turn=0)
    st = play(game, st, (0, "play"))  # the king: East owes three but holds one card
    assert (st.claimant, st.owed, game.to_move(st)) == (0, 3, (1,))
    st = play(game, st, (1, "play"))
    assert st.packs[1] == () and game.to_move(st) == (2,) and st.owed == 2
    assert render(game, st, None)["public"]["out"] == [1]
    st = play(game, st, (2, "play"))
    assert game.outcome(st) is None and st.owed == 1
    st = play(game, st, (2, "play"))
    assert st.pile == () and game.to_move(st) == (0,)
    assert st.packs[0] == tuple(reversed(cards("KH 4S 5S 6S"))) + cards("2S")


def test_a_whole_match_ends_when_one_player_holds_every_card() -> None:
    game = make("beggar_my_neighbor", {"players": 3})
    st = game.deal(2024)
    while game.outcome(st) is None:
        st = game.apply(st, "play", game.to_move(st)[0])
    out = game.outcome(st)
    assert out is not None and len(out.winners) == 1
    w = out.winners[0]
    assert len(st.packs[w]) == 52 and st.pile == ()
    assert out.summary == f"{game.seat_name(w)} wins the match: took every card."
    assert render(game, st, None)["public"]["match"]["history"][0]["scores"][w] == 52
    assert game.to_move(st) == () and st.played < 5000


def test_one_card_short_of_the_end_is_not_the_end() -> None:
    # South (2 players: seat 1) owes a card and holds one common card: paying it, he is
    # out and seat 0 takes all; one move before, the match goes on.
    game = make("beggar_my_neighbor", {"players": 2})
    rest = tuple(c for c in game.pack() if c not in cards("AS 2S 9D"))
    st = BeggarState(Match.start(1, 2), packs=(rest, cards("9D 2S")),
                     pile=cards("AS"), turn=1, owed=4, claimant=0)
    st = play(game, st, (1, "play"))
    assert game.outcome(st) is None and st.owed == 3
    st = play(game, st, (1, "play"))
    out = game.outcome(st)
    assert out is not None and out.winners == (0,) and len(st.packs[0]) == 52
    # a player whose last card was a court card is not out: he waits for his payment
    st = BeggarState(Match.start(1, 2), packs=(rest + cards("9D 2S"), cards("AS")), turn=1)
    st = play(game, st, (1, "play"))
    assert game.outcome(st) is None and st.claimant == 1 and game.to_move(st) == (0,)
    assert st.packs[1] == () and render(game, st, None)["public"]["out"] == []


def test_after_max_cards_the_player_holding_most_wins() -> None:
    game = make("beggar_my_neighbor", {"players": 2, "max_cards": 10})
    st = game.deal(5)
    for _ in range(9):
        st = game.apply(st, "play", game.to_move(st)[0])
    assert game.outcome(st) is None
    st = game.apply(st, "play", game.to_move(st)[0])
    out = game.outcome(st)
    assert out is not None and "most cards after 10 cards played" in out.summary
    held = [len(p) for p in st.packs]
    assert out.winners == tuple(s for s in (0, 1) if held[s] == max(held))


# Record games of the literature (two players, R. P. Mann's list of the longest known
# games; Casella et al., "A non-terminating game of Beggar-My-Neighbor", arXiv:2403.13855):
# each hand lists a player's cards from the top, ``-`` a common card, the first hand's
# player leading. Nessler's deal of 2022 is the longest known to end: 8,344 cards, 1,164
# tricks. Casella's of 2024 never ends: after 4 tricks it goes round a cycle of 62.
NESSLER_2022 = ("---AJ--Q---------QAKQJJ-QK", "-----A----KJ-K--------A---")
CASELLA_2024 = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")
COURT = {"A": ACE, "K": KING, "Q": QUEEN, "J": JACK}
LETTER = {r: ch for ch, r in COURT.items()}


def record_pack(first: str, second: str) -> tuple[Card, ...]:
    """The pack that deals a record's two hands at a table of two: dealt one at a time
    from the dealer's left, the first hand to Player 2 (who leads), the second to the
    dealer, Player 1; each court card of its rank and common card in pack order (their
    suits and numbers change nothing)."""
    courts = {r: [card(r, s) for s in range(4)] for r in COURT.values()}
    common = [card(r, s) for s in range(4) for r in range(2, 11)]
    return tuple(common.pop(0) if ch == "-" else courts[COURT[ch]].pop(0)
                 for pair in zip(first, second, strict=True) for ch in pair)


def notation(pack: tuple[Card, ...]) -> str:
    """A pack (top last) in the records' notation (from the top)."""
    return "".join(LETTER.get(rank_of(c), "-") for c in reversed(pack))


def play_record(game: Game[Any], hands: tuple[str, str]
                ) -> tuple[BeggarState, int, list[tuple[tuple[str, ...], int]]]:
    """Play a record's deal to the end: the last position, the tricks (a pile taken) and
    the table after each trick in the record's notation (each pack from the top, and who
    plays next)."""
    st: BeggarState = game.layout(record_pack(*hands), seed=1)
    tricks = 0
    tables = []
    while game.outcome(st) is None:
        after: BeggarState = game.apply(st, PLAY, st.turn)
        if st.pile and not after.pile:
            tricks += 1
            tables.append((tuple(notation(p) for p in after.packs), after.turn))
        st = after
    return st, tricks, tables


def test_the_longest_known_game_is_played_to_its_end() -> None:
    # max_cards may be set past the longest games known (it once stopped at 5,000, where
    # eight of the nine record games of the literature were cut off)
    game = make("beggar_my_neighbor", {"players": 2, "max_cards": 10_000})
    with pytest.raises(BadOptions):
        make("beggar_my_neighbor", {"max_cards": MAX_CARDS + 1})
    dealt: BeggarState = game.layout(record_pack(*NESSLER_2022), seed=1)
    assert notation(dealt.packs[1]) == NESSLER_2022[0] and game.to_move(dealt) == (1,)
    assert notation(dealt.packs[0]) == NESSLER_2022[1]
    st, tricks, _ = play_record(game, NESSLER_2022)
    out = game.outcome(st)
    # Nessler 2022: 8,344 cards, 1,164 tricks; the second hand, the dealer's, takes all
    assert (st.played, tricks) == (8344, 1164)
    assert out is not None and out.winners == (0,) and len(st.packs[0]) == 52
    assert out.summary == "Player 1 wins the match: took every card."


def test_a_game_that_never_ends_goes_round_its_cycle_until_max_cards() -> None:
    game = make("beggar_my_neighbor", {"players": 2, "max_cards": MAX_CARDS})
    st, _, tables = play_record(game, CASELLA_2024)
    # the table after trick 4 comes back every 62 tricks (Casella et al.), for ever
    assert tables[3] == tables[3 + 62] == tables[3 + 2 * 62]
    assert len(set(tables[3:3 + 62])) == 62
    # ... so max_cards ends it, the player holding most cards winning
    out = game.outcome(st)
    assert st.played == MAX_CARDS and out is not None
    assert out.summary.endswith(f"held most cards after {MAX_CARDS} cards played.")


def test_nobody_sees_a_face_down_card_and_no_sentence_names_one() -> None:
    game, st = start(4, {1: "KS"})
    for audience in (None, 0, 1, 2, 3):
        assert view_cards(game, st, audience) == set()
    st = play(game, st, (1, "play"))
    for audience in (None, 0, 1, 2, 3):
        assert view_cards(game, st, audience) == {"KS"}
    texts = [game.describe(st, game.legal_moves(st, 2)[0])]
    with pytest.raises(IllegalMove) as err:
        game.apply(st, "p", 2)
    texts.append(str(err.value))
    assert_no_text_names(texts, secret_cards(game, st, None))
