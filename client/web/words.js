// What the room page says about people and seats, in people's names and from the
// reader's side: whose turn it is, who called, who won the match ("You lost: Bea won
// the match", not "Won: Player 1 wins the match"); and the table's public facts (a
// view's `public`) under plain labels, seats by their names, leaving out what the page
// says elsewhere (whose turn, the match's scores), the table's settings, and facts that
// are off or unset.

import { mentions } from "./moves.js";

/** The people (names) in ``seat``, from presence. */
export function namesIn(s, seat) {
  const members = s.presence?.members || [];
  return members.filter((m) => m.role === "player" && m.seats.includes(seat)).map((m) => m.name);
}

/** Whether this member plays ``seat``. */
export function mine(s, seat) {
  return s.role === "player" && s.seats.includes(seat);
}

/** A seat's person, named once: "Bea (Player 2)", "Computer (Player 2)" (a computer
 * player's name already says its seat), "Player 2" for an empty seat. */
export function person(s, seat) {
  const view = s.view;
  const seatName = view?.seats[seat] ?? `seat ${seat + 1}`;
  const who = namesIn(s, seat);
  if (!who.length) return seatName;
  const alone = view && view.seats.length === 1;
  return who.map((n) => (alone || n.includes(`(${seatName})`) ? n : `${n} (${seatName})`)).join(" and ");
}

/** A seat as the facts line names it, as the terminal does (client/round_text.py,
 * ``who``): "you (Player 1)", "Bea (Player 2)", "Player 3" for an empty seat. */
export function factName(s, seat) {
  return mine(s, seat) ? seatWords(s, seat) : person(s, seat);
}

/** The empty seats among ``seats``. */
export function emptySeats(s, seats) {
  return seats.filter((seat) => !namesIn(s, seat).length);
}

/** A seat as the turn line names it: "you (A)", "B, Bea", "B (empty seat)". */
export function seatWords(s, seat) {
  const view = s.view;
  const seatName = view.seats[seat] ?? String(seat);
  const who = namesIn(s, seat);
  if (mine(s, seat)) return view.seats.length > 1 ? `you (${seatName})` : "you";
  if (!who.length) return view.seats.length > 1 ? `${seatName} (empty seat)` : "nobody yet (the seat is free)";
  if (who.length === 1 && who[0].endsWith(`(${seatName})`)) return who[0];  // "Computer (East)"
  return view.seats.length > 1 ? `${seatName}, ${who.join(" and ")}` : who.join(" and ");
}

/** The line above the table: whose turn, a table waiting for a partner, or the end. */
export function turnText(s) {
  const view = s.view;
  if (!view) return "Waiting for the table…";
  if (view.status !== "playing") return resultText(s);
  const waiting = emptySeats(s, view.to_move);
  if (view.to_move.length && waiting.length === view.to_move.length) {
    const names = waiting.map((x) => view.seats[x]).join(" and ");
    return `${names} ${waiting.length > 1 ? "are" : "is"} to play, and nobody sits there yet.`;
  }
  const who = view.to_move.map((x) => seatWords(s, x));
  if (!who.length) return "Nobody is to move.";
  const us = view.to_move.some((x) => mine(s, x));
  return us && who.length === 1 ? `Your turn${view.seats.length > 1 ? ` (${view.seats[view.to_move[0]]})` : ""}.` : `To move: ${who.join("; ")}.`;
}

/** The seats a match's result names as winners ("North wins the match", "East and West
 * share the match"), read from the result with the view's seat names. */
export function winners(view) {
  const result = String(view.result || "");
  const at = result.search(/ (wins|share) the match/);
  if (at < 0) return null;
  const head = result.slice(0, at);
  return view.seats.map((_, i) => i).filter((i) => mentions(head, view.seats[i]));
}

/** ``text`` with each seat's name replaced by the people in it ("Player 2 holds the
 * old maid" -> "Bea (Player 2) holds the old maid"), in one pass. */
export function namePeople(s, text) {
  const seats = s.view?.seats || [];
  if (!seats.length) return text;
  const escaped = [...seats].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join("|")})(?![\\p{L}\\p{N}])`, "gu");
  return text.replace(re, (name) => person(s, seats.indexOf(name)));
}

/** The end of a game in words, from the reader's side at a round table. */
export function resultText(s) {
  const view = s.view;
  const result = view.result || "";
  const won = view.layout === "round" ? winners(view) : null;
  if (!won) return `${view.status === "won" ? "Won" : "Over"}: ${result}`;
  const how = result.includes(": ") ? ` (${namePeople(s, result.slice(result.indexOf(": ") + 2).replace(/\.$/, ""))})` : "";
  const names = won.map((x) => person(s, x));
  const mySeat = s.role === "player" ? s.seats[0] : null;
  if (!won.length) return `Nobody wins the match${how}.`;
  if (mySeat === null || mySeat === undefined) return `${names.join(" and ")} ${names.length > 1 ? "share" : "won"} the match${how}.`;
  if (won.includes(mySeat)) {
    const others = won.filter((x) => x !== mySeat).map((x) => person(s, x));
    return others.length ? `You share the match with ${others.join(" and ")}${how}.` : `You won the match${how}!`;
  }
  return `You lost: ${names.join(" and ")} ${names.length > 1 ? "shared" : "won"} the match${how}.`;
}

/** A call of a realtime game (Snap), naming each person once, "you" for the reader. */
export function callText(s, call) {
  const who = (seat) => (mine(s, seat) ? "you" : person(s, seat));
  const caller = who(call.seat);
  const Caller = caller[0].toUpperCase() + caller.slice(1);
  const verb = mine(s, call.seat) ? "call" : "calls";
  if (call.first === null || call.first === undefined) return `${Caller} ${verb} first.`;
  const late = call.outcome === "lost" ? ": too late" : "";
  return `${Caller} ${verb} ${call.margin_ms} ms after ${who(call.first)}${late}.`;
}

/** Facts said elsewhere, or settings rather than state: never in the facts line. */
const SAID_ELSEWHERE = new Set(["match", "turn", "to_move", "phase", "must_continue", "turned_this_turn",
  "pending", "race", "limit", "max_cards", "max_turns", "max_deals", "pace_ms", "tie_ms",
  "auto_turn", "animals", "last_trick", "board"]);  // the trick, the board: drawn (round.js)

/** Facts whose value is a seat, or a list of seats. */
const SEAT = new Set(["leader", "offerer", "claimant", "last", "seat", "by", "against", "taker"]);
const SEATS = new Set(["out", "retired", "passed", "spoken", "snap"]);

/** Plain labels where the key's own words would not do. */
const LABELS = {
  offerer: "offering their hand", leader: "leads", claimant: "to be paid", owed: "cards owed",
  last: "played last", out: "out", retired: "out of counters", passed: "let it go",
  spoken: "has called", snap: "snap between", in_pack: "in the pack", in_stock: "in the stock",
  on_foundations: "on the foundations", on_families: "on the families", in_families: "in the families",
  face_down: "face down", redeals_left: "redeals left", privileges_left: "privileges left",
  pairs: "pairs thrown out", graces: "graces", last_trick: "last trick", stops: "stops set aside",
  last_run: "last run", rows_in_play: "rows in play", changed_this_pass: "this pass has helped",
};

function word(v) {
  if (v === true) return "yes";
  if (v === false) return "no";
  return String(v);
}

function valueWords(key, v, seatName) {
  if (SEAT.has(key) && typeof v === "number") return seatName(v);
  if (SEATS.has(key) && Array.isArray(v)) return v.map((s) => (typeof s === "number" ? seatName(s) : word(s))).join(", ");
  if (Array.isArray(v)) {
    return v.map((x) => (x && typeof x === "object" ? Object.entries(x).map(([a, b]) => valueWords(a, b, seatName)).join(" ") : word(x))).join(", ");
  }
  if (v && typeof v === "object") {
    return Object.entries(v).filter(([, b]) => b !== null && b !== undefined && b !== false)
      .map(([a, b]) => (SEAT.has(a) ? `${LABELS[a] || a.replace(/_/g, " ")} ${seatName(b)}` : `${a.replace(/_/g, " ")} ${word(b)}`)).join(", ");
  }
  return word(v);
}

/**
 * The facts as one line: "in the pack 24 · redeals left 2 · offering their hand Ann".
 * ``seatName(i)`` names seat i (0-based) for people.
 */
export function factsLine(pub, seatName) {
  const out = [];
  for (const [k, v] of Object.entries(pub || {})) {
    if (SAID_ELSEWHERE.has(k) || v === null || v === undefined || v === false || v === "") continue;
    if (Array.isArray(v) && !v.length) continue;
    if (v && typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length) continue;
    out.push(`${LABELS[k] || k.replace(/_/g, " ")}: ${valueWords(k, v, seatName)}`);
  }
  return out.join(" · ");
}
