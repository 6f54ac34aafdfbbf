// Which places on the table a legal move touches, found from the view alone, for any
// game: a zone id among the parts of the move's code ("p1>f5"), the zone's label named in
// the move's words ("lot 2"), or the zone's top card named in them ("10♠").

import { cardText } from "./cards.js";

/** A zone's label without its owner's name: "A's packet 5" -> "packet 5". */
export function shortLabel(label) {
  return String(label).replace(/^\S+'s\s+/, "");
}

const WORD = /[\p{L}\p{N}]/u;

/** Whether ``phrase`` appears in ``text`` as a whole (not "packet 1" in "packet 17"). */
export function mentions(text, phrase) {
  if (!phrase) return false;
  let i = text.indexOf(phrase);
  while (i >= 0) {
    const before = i > 0 ? text[i - 1] : " ";
    const after = text[i + phrase.length] ?? " ";
    if (!WORD.test(before) && !WORD.test(after)) return true;
    i = text.indexOf(phrase, i + 1);
  }
  return false;
}

/**
 * The zones ``move`` ({code, text}) by ``seat`` touches, in a Map from zone id to where
 * the move names it (its place in the text, else in the code): a source before its
 * destination.
 */
export function zoneOrder(move, zones, seat) {
  const parts = String(move.code).split(/[>\-:,/\s]+/);
  const text = String(move.text);
  const out = new Map();
  for (const z of zones) {
    const mine = z.owner === null || z.owner === undefined || z.owner === seat;
    const top = z.up.length ? cardText(z.up[z.up.length - 1]) : "";
    const named = [z.label, ...(mine ? [shortLabel(z.label), top] : [])].find((p) => mentions(text, p));
    if (named) out.set(z.id, text.indexOf(named));
    else if (parts.includes(z.id)) out.set(z.id, parts.indexOf(z.id) - parts.length);
  }
  return out;
}

/** The ids of the zones ``move`` by ``seat`` touches. */
export function zonesOfMove(move, zones, seat) {
  return new Set(zoneOrder(move, zones, seat).keys());
}

/**
 * What a click on a zone means, given the zone already chosen (or null) and the moves
 * one may make [{code, text, seat}]: {act: move} when one move is meant, else
 * {selected, candidates, targets} to narrow with a second click.
 */
export function choose(selected, clicked, moves, zones) {
  const touch = (m) => zonesOfMove(m, zones, m.seat);
  const pick = (cands, sel) => {
    if (cands.length === 1) return { act: cands[0] };
    if (cands.length === 0) return null;
    const targets = new Set();
    for (const m of cands) for (const z of touch(m)) if (z !== sel) targets.add(z);
    return { selected: sel, candidates: cands, targets };
  };
  if (selected !== null && selected !== clicked) {
    const both = moves.filter((m) => { const t = touch(m); return t.has(selected) && t.has(clicked); });
    // from the first place clicked to the second, when that tells the moves apart
    const ahead = both.filter((m) => { const o = zoneOrder(m, zones, m.seat); return o.get(selected) < o.get(clicked); });
    const found = pick(ahead.length === 1 ? ahead : both, selected);
    if (found) return found;
  }
  if (selected === clicked) return { selected: null, candidates: [], targets: new Set() };
  return pick(moves.filter((m) => touch(m).has(clicked)), clicked) ||
    { selected: null, candidates: [], targets: new Set() };
}

/** Whether a move ends the game by the player's choice: giving up ("end"), or letting
 * the game play itself out ("auto"). The page keeps such moves out of the numbered list
 * (a number would shift onto them as the list changes) and asks before playing one. */
export function isEnding(move) {
  return move.code === "end" || move.code === "auto" || /\bgive up\b/i.test(String(move.text));
}

/** The question the page asks before an ending move: [question, what follows, yes]. */
export function endingQuestion(move) {
  if (move.code === "auto") {
    return ["Let the game play itself to the end?", "Every move left is played for you, and the game ends. This cannot be taken back.", "Play it to the end"];
  }
  return ["Give up this game?", "The game ends now and counts as lost. This cannot be taken back.", "Give up"];
}
