"""What every round game shares: the match, its deals, the hands and the order of seats.

A round game (``docs/round-games.md``; the contract in ``ROUND-CONTRACT.md``) is a
competitive table of 2 to N seats whose state is a whole *match* of several deals. This
module holds the pieces each of them needs, so that a game module reads like its rule
sheet:

- :class:`Match`: the match's bookkeeping, kept inside the game's frozen state: the
  match seed (private: never in a view), the deal number (1-based), the dealer (who moves
  round to the left from deal to deal), a score per seat (or per side), and the history
  of finished deals. :meth:`Match.public` is ``public(state)["match"]`` as the contract
  spells it; :meth:`Match.cards` shuffles the current deal's pack, :meth:`Match.secret_order`
  puts cards in an order no player can know.
- :func:`deal_cards`: deal ``k``'s shuffle, derived from the match seed with
  :mod:`rules.prng` (stream ``k - 1``, so deal 1 is exactly what ``Game.deal(seed)``
  shuffles and ``layout()`` with a stacked pack plays the first deal as written).
- :func:`deal_round`: cards dealt one at a time round the table, starting left of the
  dealer.
- :func:`hand_zone`, :func:`pack_zone`: a seat's private hand; a seat's face-down pack.
- :func:`left_of`, :func:`seats_from`, :func:`next_in_play`: the order of seats. Seats
  are numbered clockwise round the table, so the player on a seat's *left* (the
  "neighbour" of the books, the next to play) is the next number, round to 0.
- :func:`match_outcome`: the :class:`~rules.game.Outcome` of a finished match, naming the
  winners by seat name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, TypeVar

from . import prng
from .cards import Card
from .game import Outcome, Seat, Zone

ScoreLabel = Literal["cards", "counters", "points"]
#: The first prng stream of :meth:`Match.secret_order` (the deals use 0, 1, 2, ...).
SECRET_STREAMS = 1 << 40
T = TypeVar("T")


def left_of(seat: Seat, seats: int) -> Seat:
    """The seat on ``seat``'s left: the next to play, the next dealer."""
    return (seat + 1) % seats


def seats_from(first: Seat, seats: int) -> tuple[Seat, ...]:
    """Every seat once, in order of play, starting with ``first``."""
    return tuple((first + i) % seats for i in range(seats))


def next_in_play(seat: Seat, in_play: Sequence[bool]) -> Seat | None:
    """The first seat after ``seat`` (going left) that is still in play, or ``None``
    when no other seat is (``seat`` itself need not be in play)."""
    n = len(in_play)
    for i in range(1, n):
        s = (seat + i) % n
        if in_play[s]:
            return s
    return None


def deal_cards(seed: int, deal: int, pack: Sequence[Card]) -> tuple[Card, ...]:
    """The shuffled pack of deal ``deal`` (1-based) of the match whose seed is ``seed``.

    Each deal draws its own stream of :mod:`rules.prng` (stream ``deal - 1``), so deal 1
    is ``prng.shuffle(seed, pack)``, the shuffle ``Game.deal(seed)`` gives ``layout``, and
    no deal's shuffle depends on how the deals before it were played.
    """
    if deal < 1:
        raise ValueError(f"deals are numbered from 1, not {deal}")
    return prng.shuffle(seed, pack, stream=deal - 1)


def deal_round(cards: Sequence[Card], seats: int, first: Seat,
               count: int | None = None, in_play: Sequence[bool] | None = None
               ) -> tuple[tuple[Card, ...], ...]:
    """Deal ``cards`` (first card dealt first) one at a time round the table, starting
    with ``first`` and going left: ``count`` cards each, or the whole of ``cards`` (then
    the seats served first hold one more when they do not go round equally). Each hand
    lists its cards in the order received; ``hands[s]`` is seat ``s``'s. With
    ``in_play``, only the seats still in play are dealt to (the others get nothing)."""
    order = [s for s in seats_from(first, seats) if in_play is None or in_play[s]]
    total = len(cards) if count is None else count * len(order)
    if total > len(cards):
        raise ValueError(f"{count} cards each for {len(order)} seats needs {total} cards, "
                         f"not {len(cards)}")
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for i, c in enumerate(cards[:total]):
        hands[order[i % len(order)]].append(c)
    return tuple(tuple(h) for h in hands)


def hand_zone(seat: Seat, cards: tuple[Card, ...], label: str, group: str = "") -> Zone:
    """A seat's hand: its faces shown to its owner only (``rules.view.render``)."""
    return Zone(f"hand{seat}", "hand", cards, len(cards), owner=seat, private=True,
                label=label, group=group)


def pack_zone(seat: Seat, cards: tuple[Card, ...], label: str, group: str = "") -> Zone:
    """A seat's face-down pack (top last), seen by nobody, its owner included."""
    return Zone(f"pack{seat}", "stock", cards, 0, owner=seat, label=label, group=group)


@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal, as the match's history shows it."""

    deal: int
    summary: str
    scores: tuple[int, ...]

    def public(self) -> dict[str, Any]:
        return {"deal": self.deal, "summary": self.summary, "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class Match:
    """A match's bookkeeping, kept in a round game's frozen state.

    ``seed`` is the match seed: private (no view carries it; ``rules.hint`` re-seeds a
    field of this name for its samples). ``scores`` holds one number per seat, or per
    side when the game has sides. ``history`` lists the finished deals, oldest first.
    """

    seed: int
    seats: int
    deal: int = 1
    dealer: Seat = 0
    scores: tuple[int, ...] = ()
    history: tuple[DealResult, ...] = ()

    @classmethod
    def start(cls, seed: int, seats: int, scores: Sequence[int] | None = None,
              dealer: Seat = 0) -> Match:
        """The first deal of a match; every score 0 unless given."""
        return cls(seed, seats, 1, dealer,
                   tuple(scores) if scores is not None else (0,) * seats)

    @property
    def first(self) -> Seat:
        """The seat left of the dealer: the first to play (or to be dealt to)."""
        return left_of(self.dealer, self.seats)

    def cards(self, pack: Sequence[Card]) -> tuple[Card, ...]:
        """This deal's shuffled pack (:func:`deal_cards`)."""
        return deal_cards(self.seed, self.deal, pack)

    def secret_order(self, cards: Sequence[Card], k: int) -> tuple[Card, ...]:
        """``cards`` in an order nobody at the table can know: the ``k``-th secret
        shuffle of this deal (a hand offered face down to be drawn from, as Old Maid's).
        Its streams lie apart from the deals' (:func:`deal_cards`)."""
        return prng.shuffle(self.seed, cards, stream=SECRET_STREAMS + (self.deal << 20) + k)

    def with_scores(self, scores: Sequence[int]) -> Match:
        return replace(self, scores=tuple(scores))

    def add(self, who: int, n: int) -> Match:
        """``n`` added to the score of ``who`` (a seat, or a side)."""
        scores = list(self.scores)
        scores[who] += n
        return replace(self, scores=tuple(scores))

    def close_deal(self, summary: str, scores: Sequence[int] | None = None) -> Match:
        """The current deal written into the history, with the scores it ends on
        (the match's own, or ``scores``, which then become the match's)."""
        now = self.scores if scores is None else tuple(scores)
        return replace(self, scores=now,
                       history=(*self.history, DealResult(self.deal, summary, now)))

    def next_deal(self, in_play: Sequence[bool] | None = None) -> Match:
        """The next deal: its number one more, the deal passed to the dealer's left (to
        the nearest seat still in play, with ``in_play``)."""
        dealer = left_of(self.dealer, self.seats) if in_play is None \
            else self.first_in_play(in_play)
        return replace(self, deal=self.deal + 1, dealer=dealer)

    def first_in_play(self, in_play: Sequence[bool]) -> Seat:
        """The nearest seat left of the dealer still in play."""
        first = next_in_play(self.dealer, in_play)
        if first is None:
            raise ValueError("no seat in play to deal")
        return first

    def public(self, label: ScoreLabel, target: int | None = None,
               sides: Sequence[Sequence[Seat]] | None = None,
               scores: Sequence[int] | None = None) -> dict[str, Any]:
        """``public(state)["match"]`` (contract item 5). ``scores`` overrides the match's
        own where the game counts them live (cards held)."""
        out: dict[str, Any] = {
            "deal": self.deal,
            "dealer": self.dealer,
            "scores": list(self.scores if scores is None else scores),
            "score_label": label,
            "target": target,
            "history": [h.public() for h in self.history],
        }
        if sides is not None:
            out["sides"] = [list(s) for s in sides]
        return out


def best_seats(scores: Sequence[int]) -> tuple[Seat, ...]:
    """The seats with the highest score: every one of them where several share it."""
    best = max(scores)
    return tuple(s for s, n in enumerate(scores) if n == best)


def match_outcome(winners: Sequence[Seat], seat_names: Sequence[str],
                  how: str = "") -> Outcome:
    """The end of a match: ``winners`` won, every other seat lost. The summary names the
    winners ("North wins the match", "East and West share the match") and then ``how``."""
    names = [seat_names[s] for s in winners]
    if len(names) == 1:
        said = f"{names[0]} wins the match"
    elif names:
        said = f"{', '.join(names[:-1])} and {names[-1]} share the match"
    else:
        said = "Nobody wins the match"
    return Outcome(True, f"{said}{': ' + how if how else ''}.", tuple(winners))


def pick(options: Sequence[T], rand: int) -> T:
    """One of ``options`` chosen by a computer player's random draw ``rand``."""
    if not options:
        raise ValueError("nothing to choose from")
    return options[rand % len(options)]


__all__ = ["DealResult", "Match", "ScoreLabel", "deal_cards", "deal_round", "hand_zone",
           "left_of", "match_outcome", "next_in_play", "pack_zone", "pick", "seats_from"]
