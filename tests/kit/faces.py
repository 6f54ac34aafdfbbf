"""What the books lay face up, game by game: the statement :mod:`tests.kit.seen` holds
every game's views to.

Written from the books (the lines cited; the rule sheets in ``shared/games`` quote them),
never from a game module's ``zones()``. One convention holds for every game unless its
entry says otherwise: the pack (zone ``pack``, or ``pack<n>``, a seat's own pack) lies
face down, and every card dealt from it is dealt face up, "as they come from the pack".
Only the games whose books lay more than that face down are listed (a variant follows its
parent); each entry names the zones that do not lie open, by a pattern of their ids, and
the moves that turn cards up.

Lies (:class:`tests.kit.seen.Lie`): ``OPEN``; ``DOWN`` (a card a move turns up stays up
while it lies there); ``MINE`` (a seat's hand); ``TOP`` (face down, the top card turned up
when uncovered, cards laid on it face up); ``squared(n)`` (face up but squared, only the
``n`` top cards seen); ``TURNED_DOWN`` (turned over, nothing of it seen); ``after(code,
then, before)`` (changes when a move is played).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.cards import ACE, Card, rank_of
from tests.kit.seen import (
    DOWN,
    MINE,
    OPEN,
    SQUARED,
    TOP,
    TURNED_DOWN,
    Book,
    Lie,
    Rule,
    Sight,
    Table,
    after,
    squared,
)

#: The pack, and a seat's own pack, lie face down.
PACK: dict[str, Rule] = {r"pack\d*": DOWN}
#: Each seat's hand, seen by that seat alone.
HANDS: dict[str, Rule] = {r"hand\d+": MINE}
#: A Sequel to Musical's words, spelled a card a letter (the knave is JACK, l.2715).
SPELLED = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
           "JACK", "QUEEN", "KING")


def spell_pile(sight: Sight, zone: str, cards: tuple[Card, ...]) -> Lie:
    """A Spell: the suit is placed face up in the pile, which is then spelled from face
    down, "turn the cards in succession under the pack"."""
    return OPEN if sight.zones["spread"] else TURNED_DOWN


def discard(sight: Sight, zone: str, cards: tuple[Card, ...]) -> Lie:
    """La Duchesse de Luynes: the Discard lies face down until the pack is exhausted;
    then "take up the Discard, examine it"."""
    return DOWN if sight.zones["pack"] else OPEN


def line_packet(sight: Sight, zone: str, cards: tuple[Card, ...]) -> Lie:
    """La Nivernaise, Rule II: "as many cards in each of the packets forming the Line may
    be examined as there are vacancies in the Flanks", besides the top (the option
    ``examine=counting_top``: as many in all, at least the top)."""
    k = sum(1 for z, cs in sight.zones.items() if z.startswith("s") and not cs)
    return squared(max(1, k) if sight.game.option("examine") == "counting_top" else k + 1)


def word(sight: Sight, zone: str, cards: tuple[Card, ...]) -> Lie:
    """A Sequel to Musical: each word spelled face down, the card of its last letter
    turned up."""
    return SQUARED if len(cards) == len(SPELLED[int(zone[1:]) - 1]) else DOWN


def strict_pile(sight: Sight, zone: str, cards: tuple[Card, ...]) -> Lie:
    """Solitaire: "the old, strict rule, of not looking to see what cards are beneath the
    top card" (option ``strict``)."""
    return SQUARED if sight.game.option("strict") else OPEN


def heap(sight: Sight, zone: str, cards: tuple[Card, ...]) -> Lie:
    """Try Again: "After an ace has appeared, the player may examine the cards in any or
    all of the piles" (option ``look=always``: from the start). An ace turned is in hand
    until it goes to its row, where it stays."""
    aces = [c for z, cs in sight.zones.items() if z == "hand" or z.startswith("f")
            for c in cs if rank_of(c) == ACE]
    return OPEN if aces or sight.game.option("look") == "always" else SQUARED


def lot_turned(sight: Sight, code: str, seat: int, before: Table) -> Iterable[Card]:
    """Little Lots' privilege ``t<i>``: "you may turn up both cards" of lot ``i``."""
    return sight.zones[f"l{code[1:]}"] if code.startswith("t") else ()


def twin_turned(sight: Sight, code: str, seat: int, before: Table) -> Iterable[Card]:
    """Sympathy and Sympathie: ``open`` turns up the top of each of the mover's packets,
    ``t<i>`` the top of her packet ``i``, ``g`` her grace card."""
    who = sight.game.seat_names[seat]
    if code == "open":
        return [p[-1] for z, p in before.items()
                if z.startswith(who) and z[len(who):].isdigit() and p]
    if code.startswith("t"):
        return before[f"{who}{code[1:]}"][-1:]
    if code == "g":
        return before[f"{who}.grace"]
    return ()


def suspected(sight: Sight, code: str, seat: int, before: Table) -> Iterable[Card]:
    """I Suspect You: "The player must then show his card"."""
    return sight.zones["pile"][-1:] if code == "suspect" else ()


def hands_shown(sight: Sight, code: str, seat: int, before: Table) -> Iterable[Card]:
    """All Fours: the cards left in hand are shown when the deal ends (High, Low and Jack
    count to their holders, played or not), by the move that closes the deal."""
    if not sight.deal_closed:
        return ()
    return [c for z, cs in sight.zones.items() if z.startswith("hand") for c in cs]


BOOKS: dict[str, Book] = {
    "a_spell": Book(
        "Cheney l.2736-2756: the suit placed in a pile, then turned under the pack",
        {"pile": spell_pile}),
    "all_fours": Book(
        "Vintage l.285-298: six cards to each, a card turned up for trumps, the rest the "
        "pack; the hands left shown when the deal ends", {**HANDS, "stock": DOWN},
        hands_shown),
    "clock": Book(
        "Cheney l.1558-1582: piles of four face downward; each card taken put under its "
        "pile face upwards", {r"h\d+": DOWN, "centre": DOWN}),
    "fifteen_magic_square": Book(
        "Vintage l.28: nine cards withdrawn from the pack and placed in rows",
        {"aside": DOWN}),
    "fooliana": Book(
        "Cheney l.2428-2477: the Fool a pile face upwards, only its top used; the pack in "
        "hand; three cards together laid face up, only the top of this stock used",
        {"fool": SQUARED, "hand": DOWN, "stock": SQUARED}),
    "four_of_a_kind": Book(
        "Hoyle l.11: thirteen piles of four cards, face down; each card taken turned face "
        "upward under its pile", {r"h\d+": DOWN}),
    "i_suspect_you": Book(
        "Vintage l.236-238: each card put down face downward; the suspected card shown",
        {**HANDS, "pile": DOWN}, suspected),
    "klondike": Book(
        "Hoyle l.27-31: one card face up and the others face down in each column, the top "
        "turned up when uncovered; the stock run off face down",
        {r"t\d": TOP, "stock": DOWN}),
    "la_duchesse_de_luynes": Book(
        "Cadogan l.1622-1624, 1647-1651: two cards apart face downwards, the Discard, "
        "taken up and examined when the pack is exhausted", {"stock": discard}),
    "la_nivernaise": Book(
        "Cadogan l.1006-1007 (Rule II): as many cards of each Line packet may be examined "
        "as there are vacancies in the Flanks", {r"p\d": line_packet}),
    "le_calcul_sequel": Book(
        "Cadogan l.961-984: the foundation packets taken up, turned to deal, dealt face "
        "downwards in thirteen places; at the end the packets turned",
        {"pack": after("t", TURNED_DOWN, OPEN), r"r\d+": after("u", OPEN, DOWN)}),
    "les_petits_paquets": Book(
        "Cadogan l.1471-1492 and Rule I: the surface card of the twelve packets, any card "
        "of the thirteenth; the Exiles laid aside face downwards",
        {r"p(\d|1[012])": SQUARED, "exiles": DOWN}),
    "little_lots": Book(
        "Cheney l.1214-1236: lots of four, the top card turned face uppermost, the next "
        "turned up when one is removed; the privilege turns up both cards",
        {r"l\d": after("open", TOP, DOWN)}, lot_turned),
    "old_maid": Book(
        "Vintage l.258-260: dealt face downward; the drawer sees only the backs; the queen "
        "taken out", {**HANDS, "aside": DOWN}),
    "pope_joan": Book(
        "Vintage l.248: dealt round, one card turned up for trumps, six or eight put "
        "aside to form the stops", {**HANDS, "stops": DOWN}),
    "sequel_to_musical": Book(
        "Cheney l.2672-2718: the piles kept face upwards, the pack turned with the backs "
        "toward you, laid face downwards, the card of each word's last letter turned up",
        {"pack": after("t", TURNED_DOWN, OPEN), r"r\d+": DOWN, r"w\d+": word}),
    "snip_snap_snorum": Book(
        "Vintage l.264-270: the whole pack dealt out, each card played to the table",
        HANDS),
    "solitaire": Book(
        "Cheney l.639-648: the old, strict rule of not looking beneath the top card",
        {r"w\d": strict_pile}),
    "speculation": Book(
        "Vintage l.303-305: three cards to each, left upon the table face down; each "
        "turned up so that all may see it", {"stock": DOWN}),
    "staircase": Book(
        "Cheney l.2577-2583: each column's lowest card turned up, the rest face down",
        {r"t\d+": TOP}),
    "sympathy": Book(
        "Cheney l.3225-3247: piles of three, faces down, and a grace card; the tops turned "
        "up one by one", {r"[AB](\d+|\.grace)": DOWN}, twin_turned),
    "sympathie": Book(
        "Cadogan l.1843-1873: packets of three face downwards and a grace; the uppermost "
        "cards turned one by one", {r"(first|second)(\d+|\.grace)": DOWN}, twin_turned),
    "triangle": Book(
        "Cheney l.2508-2530: one card face up and the others face down in each row; the "
        "card above the one used turned up", {r"t\d": TOP}),
    "try_again": Book(
        "Hoyle l.13: after an ace has appeared the player may examine the cards in the "
        "piles", {r"h\d": heap}),
}


def book_of(game_id: str, variant_of: str | None) -> Book:
    """The book's statement for a game (a variant's is its parent's unless it has one),
    with the pack face down unless it says otherwise."""
    found = BOOKS.get(game_id) or (BOOKS.get(variant_of) if variant_of else None)
    if found is None:
        return Book("the pack face down, every card dealt from it face up", PACK)
    pack = {p: r for p, r in PACK.items() if p not in found.zones}
    return Book(found.lines, {**found.zones, **pack}, found.turns)


__all__ = ["BOOKS", "HANDS", "PACK", "book_of"]
