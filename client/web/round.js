// A round game's table (the view's layout hint "round": competitive seats with private
// hands): the other seats across the top, their hands as backs with a count, the cards on
// the table in the middle, your own seat at the bottom with your hand face up, in order;
// the match (scores, the history of the deals) beside it, from public.match only.
// A hand of another seat is only ever backs and a count, whatever a view carries.

import { back, cardText, face } from "./cards.js";
import { h } from "./dom.js";
import { shortLabel } from "./moves.js";
import { namePeople, seatWords } from "./words.js";

/** The key of each word move (the page's own keys stay free: digits, u, t, Esc). */
export const WORD_KEYS = { suspect: "s", take: "g", beg: "b", hold: "h", take1: "o", refuse: "r",
  pass: "x", keep: "k", sell: "e", turn: "n", play: "n", deal: "d", snip: "i", snap: " " };
const MAX_BACKS = 13;

/** The shape of ``move`` when it takes one card from a hand of ``view``, with that
 * hand's zone: ``[shape, zone]``, or null. */
function fromHand(view, move) {
  const s = move?.shape;
  if (!view || !s || s.kind !== "move" || s.cards?.length !== 1) return null;
  const zone = view.zones.find((z) => z.id === s.from);
  return zone && zone.kind === "hand" ? [s, zone] : null;
}

/** The card of the viewer's hand that ``move`` plays (or puts down), read from its shape
 * (protocol/README.md: one card from a hand, named and face up there): "7H", or null. */
export function playedCard(view, move) {
  const found = fromHand(view, move);
  const c = found && found[0].cards[0];
  return c && found[1].up.includes(c) ? c : null;
}

/** The position (0 = leftmost back) ``move`` draws from another seat's hand, read from
 * its shape's ``at`` (Old Maid's draw), or null. */
export function drawnPosition(view, move) {
  const found = fromHand(view, move);
  return found && Number.isInteger(found[0].at) ? found[0].at : null;
}

/** A call that races (Snap's "snap", Animal Snap's animal names): at a table where a
 * snap may be on (Snip Snap Snorum's "snap" is a card played in turn, not a call). */
export function isCall(view, code) {
  if (!view || view.layout !== "round" || !Array.isArray(view.public?.snap)) return false;
  const animals = (view.public?.animals || []).map((a) => String(a).toLowerCase());
  return code === "snap" || animals.includes(code);
}

/** The key of a move at a round table: " " for a call (and Snip Snap Snorum's snap), a
 * letter for a word move, or "". */
export function moveKey(view, code) {
  if (isCall(view, code)) return " ";
  return WORD_KEYS[code] || "";
}

/** The right call for space: Animal Snap's animal of the other seat whose card matches. */
export function bestCall(view, calls, me) {
  const animals = (view.public?.animals || []).map((a) => String(a).toLowerCase());
  const right = (view.public?.snap || []).filter((s) => s !== me).map((s) => animals[s]);
  return calls.find((m) => right.includes(m.code)) || calls[0] || null;
}

/**
 * The calls a player of a realtime game (Snap) may cry: always offered while the player
 * is in the game, a snap on or not (a call with none on is the caller's risk, as the book
 * has it; the server refuses it and it costs nothing). Snap's "Snap!", or in Animal Snap
 * the animal of each other seat. ``game``: the game's entry in ``games``.
 */
export function offeredCalls(s, game) {
  const { view, role, seats } = s;
  if (!view || view.status !== "playing" || role !== "player" || !seats.length) return [];
  if (!(game ? game.realtime : Object.values(view.moves).flat().some((m) => isCall(view, m.code)))) return [];
  const seat = seats[0];
  if ((view.public?.out || []).includes(seat)) return [];
  const legal = new Map((view.moves[String(seat)] || []).map((m) => [m.code, m]));
  const animals = view.public?.animals || [];
  const cries = animals.length
    ? animals.map((a, i) => [i, a]).filter(([i]) => i !== seat).map(([, a]) => [String(a).toLowerCase(), `call “${a}!”`])
    : [["snap", "call “Snap!”"]];
  return cries.map(([code, text]) => legal.get(code) || { code, text, seat });
}

/** The suits in the order a sorted hand shows them: ♠ ♥ ♣ ♦, the colours alternating. */
const SUIT_ORDER = "SHCD";

/**
 * A hand's cards sorted for the eye (display only: the codes are the server's): by suit,
 * then by the game's own order of ranks (``view.ranks``, lowest first; ace low when a
 * view does not say).
 */
export function sortHand(cards, ranks) {
  const order = ranks || "A23456789TJQK";
  return [...cards].sort((a, b) => SUIT_ORDER.indexOf(a[1]) - SUIT_ORDER.indexOf(b[1]) || order.indexOf(a[0]) - order.indexOf(b[0]));
}

function plural(n, what = "card") { return `${n} ${what}${n === 1 ? "" : "s"}`; }

function handEl(z, ctx, mine) {
  const el = h("div", { class: `zone kind-hand hand ${mine ? "mine" : "theirs"}`,
    dataset: { zone: z.id, down: String(mine ? z.down : z.down + z.up.length), up: mine ? z.up.join(" ") : "" },
    "aria-label": mine ? `your hand: ${z.up.length ? sortHand(z.up, ctx.ranks).map(cardText).join(" ") : "empty"}` : `${z.label}: ${plural(z.down + z.up.length)}` });
  const row = h("div", { class: "hand-cards" });
  if (mine) {
    for (const c of sortHand(z.up, ctx.ranks)) {
      const move = ctx.cardMoves.get(c);
      const card = h("button", { type: "button", class: `hand-card${move ? " playable" : ""}${ctx.cursor === c ? " chosen" : ""}`,
        dataset: { card: c }, disabled: !move, title: move ? move.text : cardText(c),
        "aria-label": move ? `${cardText(c)}: ${move.text}` : cardText(c),
        onclick: () => move && ctx.act(move) }, face(c));
      row.append(card);
    }
    if (!z.up.length) row.append(h("span", { class: "muted" }, "no cards"));
  } else {
    const n = z.down + z.up.length;  // another seat's hand: backs and a count, never faces
    // the moves that draw from this hand, by position (Old Maid's: the shape's "at")
    const draws = ctx.drawMoves.get(z.id) || new Map();
    for (let i = 0; i < Math.min(n, draws.size ? n : MAX_BACKS); i++) {
      const move = draws.get(i);
      row.append(move ? h("button", { type: "button", class: `hand-back playable${ctx.cursor === move.code ? " chosen" : ""}`,
        dataset: { position: String(i) }, title: move.text, "aria-label": move.text, onclick: () => ctx.act(move) }, back())
        : h("span", { class: "hand-back" }, back()));
    }
    row.append(h("span", { class: "hand-count" }, plural(n)));
  }
  el.append(row);
  return el;
}

function seatEl(view, seat, ctx) {
  const me = ctx.me === seat;
  const match = view.public?.match || {};
  const marks = [];
  if (match.dealer === seat) marks.push("dealer");
  if (view.to_move.includes(seat)) marks.push("to play");
  if ((view.public?.out || []).includes(seat)) marks.push("out");
  const sec = h("section", { class: `seat${me ? " mine" : ""}${view.to_move.includes(seat) ? " to-move" : ""}`, dataset: { seat: String(seat) } },
    h("h3", {}, ctx.seatTitle(seat), marks.length ? h("span", { class: "marks" }, ` · ${marks.join(" · ")}`) : null));
  const body = h("div", { class: "zones" });
  for (const z of view.zones.filter((x) => x.owner === seat)) {
    if (z.kind === "hand") body.append(handEl(z, ctx, me));
    else body.append(ctx.zoneEl(z, shortLabel(z.label)));
  }
  sec.append(body);
  return sec;
}

/** The match: the deal, the scores (per seat, or per side), the target, the history. */
export function matchEl(view, seatTitle) {
  const m = view.public?.match;
  if (!m) return null;
  const labels = m.sides ? m.sides.map((side) => side.map((s) => view.seats[s]).join(" & "))
    : m.scores.map((_, i) => seatTitle(i));
  return h("section", { class: "match" },
    h("h3", {}, `Match · deal ${m.deal}${m.target !== null && m.target !== undefined ? ` · to ${m.target}` : ""}`),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, m.score_label || "score"))),
      h("tbody", {}, ...labels.map((l, i) => h("tr", {}, h("td", {}, l), h("td", { class: "score" }, String(m.scores[i])))))),
    m.history.length ? h("ol", { class: "history" }, ...m.history.map((d) => h("li", { dataset: { deal: String(d.deal) } },
      d.summary, h("span", { class: "muted" }, ` (${d.scores.join(" · ")})`)))) : null);
}

/** The cards of a trick, each under the person who played it: the leader's first,
 * then round to the left; the winner's marked. */
function playsEl(cards, leader, n, seatTitle, winner = null) {
  return h("div", { class: "plays" }, ...cards.map((c, i) => {
    const seat = (leader + i) % n;
    const who = seatTitle(seat);
    return h("figure", { class: `play${seat === winner ? " winner" : ""}`, dataset: { seat: String(seat), card: c } },
      h("figcaption", {}, who), face(c), seat === winner ? h("span", { class: "won-mark" }, "wins") : null);
  }));
}

/**
 * The trick on the table (a zone "trick" while the view's public facts name its
 * ``leader``): who played each card, and the last trick won, to look at again
 * (``public.last_trick``: its leader, winner and cards, all face up in the winners' pile).
 */
export function trickEl(view, z, seatTitle) {
  const pub = view.public || {};
  const n = view.seats.length;
  const el = h("section", { class: "trick", dataset: { zone: z.id, down: String(z.down), up: z.up.join(" ") },
    "aria-label": `the trick: ${z.up.length ? z.up.map((c, i) => `${seatTitle((pub.leader + i) % n)} ${cardText(c)}`).join(", ") : "no card yet"}` },
  h("h3", {}, "The trick"));
  if (z.up.length) el.append(playsEl(z.up, pub.leader, n, seatTitle));
  else el.append(h("p", { class: "muted" }, typeof pub.leader === "number" ? `${seatTitle(pub.leader)} to lead` : "no card yet"));
  const last = pub.last_trick;
  if (last && Array.isArray(last.cards)) {
    el.append(h("details", { class: "last-trick" },
      h("summary", {}, `Last trick: won by ${seatTitle(last.winner)}`),
      playsEl(last.cards, last.leader, n, seatTitle, last.winner)));
  }
  return el;
}

const SUIT_SYMBOLS = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
/** Where each pool of a board lies on a 3 × 3 board (the Pope in the middle). */
const BOARD_PLACES = { Ace: 1, King: 2, Queen: 3, Matrimony: 6, Game: 9, Intrigue: 8, Knave: 7, Pope: 5 };

/**
 * A board of pools (Pope Joan's ``public.board``: each pool's name and its counters),
 * drawn as the board is: the Pope in the middle, the other pools round it, each with its
 * count, and the trump suit (the honours, Matrimony and Intrigue are of trumps).
 */
export function boardEl(pub) {
  const board = pub?.board;
  if (!board || typeof board !== "object") return null;
  const trumps = SUIT_SYMBOLS[pub.trumps] || "";
  const pools = Object.entries(board);
  const cell = ([name, n]) => h("div", { class: `pool${n ? "" : " empty"}${BOARD_PLACES[name] ? ` c${BOARD_PLACES[name]}` : ""}`,
    dataset: { pool: name, counters: String(n) }, "aria-label": `${name}: ${n} counter${n === 1 ? "" : "s"}` },
  h("span", { class: "pool-name" }, name), h("span", { class: "pool-count" }, String(n)));
  return h("section", { class: "pope-board", "aria-label": "the board" },
    h("h3", {}, "The board", trumps ? h("span", { class: "muted" }, ` · trumps ${trumps}`) : null),
    h("div", { class: "pools" }, ...pools.map(cell),
      trumps ? h("div", { class: "pool trumps c4", "aria-hidden": "true" }, h("span", { class: `pool-name suit-${pub.trumps}` }, trumps)) : null));
}

/**
 * The deal of a round match that ended between ``before`` and ``after`` (two views of
 * the same room: the match's history grew), while the match goes on: ``{deal, summary,
 * scores}``, or null. The page then pauses on it (the table waits a moment too before its
 * computer players move on: the server's deal pause).
 */
export function dealEnded(before, after) {
  const was = before?.public?.match?.history;
  const now = after?.public?.match?.history;
  if (!Array.isArray(was) || !Array.isArray(now) || now.length <= was.length) return null;
  if (after.status !== "playing" || before.game !== after.game) return null;
  return now[now.length - 1];
}

/**
 * The pause at the end of a deal: how it went and the scores, in people's names, until
 * the person says to go on (a button, or their next move).
 */
export function drawDealOver(page) {
  const s = page.s;
  const e = page.el.dealOver;
  const d = s.view?.layout === "round" && !s.ended ? s.dealOver : null;
  e.hidden = !d;
  if (!d) { e.replaceChildren(); return; }
  const m = s.view.public?.match || {};
  const labels = m.sides ? m.sides.map((side) => side.map((x) => s.view.seats[x]).join(" & "))
    : (d.scores || []).map((_, i) => seatWords(s, i));
  const scores = (d.scores || []).map((n, i) => `${labels[i]} ${n}`).join(" · ");
  e.replaceChildren(
    h("h2", {}, `Deal ${d.deal} is over`),
    h("p", { class: "summary" }, `${namePeople(s, String(d.summary || ""))}.`.replace(/\.\.$/, ".")),
    scores ? h("p", { class: "scores" }, `${m.score_label || "Score"}: ${scores}`) : null,
    h("button", { type: "button", class: "go-on", onclick: () => { s.dealOver = null; page.render(); } }, `On to deal ${d.deal + 1}`));
}

/**
 * The move log: the table's last moves as the server told them to this page, oldest
 * first, in people's names (the card you drew is named to you alone, while you hold it).
 */
export function logEl(log) {
  if (!log || !log.length) return null;
  return h("section", { class: "move-log", "aria-label": "the last moves" },
    h("h3", {}, "Moves"),
    h("ol", {}, ...log.map((e) => h("li", { dataset: { version: String(e.version), kind: e.kind || "move" } },
      e.text || e.move || ""))));
}

/**
 * The round table for ``view``. ``ctx``: me (seat or null), seatTitle(seat), moves (the
 * member's own moves), cursor, act(move), zoneEl(zone, label) for packs and table zones,
 * log (the state's move log).
 */
export function drawRound(view, ctx) {
  const cardMoves = new Map();
  const drawMoves = new Map();  // a hand's zone id -> its positions -> the move drawing there
  for (const m of ctx.moves) {
    // a card of the hand, as the move's shape names it (a lead, a card followed; Snip
    // Snap Snorum's "snip", "snap" and "snorum" play a card of the rank called)
    const c = playedCard(view, m);
    if (c && !cardMoves.has(c)) cardMoves.set(c, m);
    const d = drawnPosition(view, m);
    if (d !== null) {
      if (!drawMoves.has(m.shape.from)) drawMoves.set(m.shape.from, new Map());
      drawMoves.get(m.shape.from).set(d, m);
    }
  }
  const c = { ...ctx, cardMoves, drawMoves, ranks: view.ranks };
  const n = view.seats.length;
  const start = ctx.me === null ? 0 : ctx.me + 1;
  const others = [];
  for (let i = 0; i < n; i++) if ((start + i) % n !== ctx.me) others.push((start + i) % n);
  const tricks = typeof view.public?.leader === "number" || view.public?.last_trick;
  const centre = h("section", { class: "centre" },
    h("div", { class: "zones" }, ...view.zones.filter((z) => z.owner === null || z.owner === undefined)
      .map((z) => (z.id === "trick" && tricks ? trickEl(view, z, ctx.seatTitle) : ctx.zoneEl(z, z.label)))));
  return h("div", { class: "table layout-round", dataset: { layout: "round", game: view.game } },
    h("div", { class: "others" }, ...others.map((s) => seatEl(view, s, c))),
    boardEl(view.public),
    centre,
    ctx.me === null ? null : seatEl(view, ctx.me, c),
    matchEl(view, ctx.seatTitle),
    logEl(ctx.log));
}
