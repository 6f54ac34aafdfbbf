"""Trick-taking pieces of All Fours: the order of the cards, their count toward "Game",
the card that wins a trick, and the computer player's choice of card."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACE, JACK, KING, QUEEN, Card, rank_of, suit_of
from ..game import Seat

#: Toward "Game" (l.289): ace four, king three, queen two, knave one, ten ten.
COUNT = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, 10: 10}


def value(c: Card) -> int:
    """Ace high, deuce low."""
    return 14 if rank_of(c) == ACE else rank_of(c)


def winning(trick: Sequence[Card], trumps: int) -> int:
    """The index of the card that wins ``trick``: the highest trump, else the highest
    card of the suit led."""
    led = suit_of(trick[0])
    return max(range(len(trick)), key=lambda i: (
        suit_of(trick[i]) == trumps, suit_of(trick[i]) == led, value(trick[i])))


def choose(cards: list[Card], trick: list[Card], trumps: int, seat: Seat, n: int,
           leader: Seat) -> Card:
    """The computer player's card: lead the top trumps when holding two with the king
    or ace (to hunt the knave), else an ace of another suit, else the card worth least;
    follow with the most a partner's trick can take, else with the cheapest card that
    wins a trick worth winning (a trump only for three or more toward Game, or the
    knave), else with the card worth least."""
    def worth(c: Card) -> tuple[int, int, int]:  # what throwing c away gives up
        return (rank_of(c) == JACK and suit_of(c) == trumps, COUNT.get(rank_of(c), 0)
                + (suit_of(c) == trumps) * 5, value(c))

    if not trick:
        mine = sorted((c for c in cards if suit_of(c) == trumps), key=value)
        if len(mine) >= 2 and value(mine[-1]) >= KING:
            return mine[-1]  # draw trumps with the top ones, hunting the knave
        aces = [c for c in cards if rank_of(c) == ACE and suit_of(c) != trumps]
        return aces[0] if aces else min(cards, key=worth)
    best = winning(trick, trumps)
    partner = n == 4 and (leader + best) % n == (seat + 2) % n
    if partner:  # give the partner's trick the most it can take
        return max(cards, key=lambda c: (COUNT.get(rank_of(c), 0) if not (
            suit_of(c) == trumps and rank_of(c) == JACK) else -1, -value(c)))
    winners = [c for c in cards if winning([*trick, c], trumps) == len(trick)]
    at_stake = sum(COUNT.get(rank_of(c), 0) for c in trick) + 10 * any(
        rank_of(c) == JACK and suit_of(c) == trumps for c in trick)
    cheap = [c for c in winners if suit_of(c) != trumps or at_stake >= 3]
    if cheap:
        return min(cheap, key=lambda c: (suit_of(c) == trumps, value(c)))
    return min(cards, key=worth)
