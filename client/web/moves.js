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

/** The ids of the zones ``move`` ({code, text}) by ``seat`` touches. */
export function zonesOfMove(move, zones, seat) {
  const parts = new Set(String(move.code).split(/[>\-:,/\s]+/));
  const text = String(move.text);
  const out = new Set();
  for (const z of zones) {
    if (parts.has(z.id) || mentions(text, z.label)) { out.add(z.id); continue; }
    const mine = z.owner === null || z.owner === undefined || z.owner === seat;
    if (!mine) continue;
    const top = z.up.length ? cardText(z.up[z.up.length - 1]) : "";
    if (mentions(text, shortLabel(z.label)) || (top && mentions(text, top))) out.add(z.id);
  }
  return out;
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
    const both = pick(moves.filter((m) => { const t = touch(m); return t.has(selected) && t.has(clicked); }), selected);
    if (both) return both;
  }
  if (selected === clicked) return { selected: null, candidates: [], targets: new Set() };
  return pick(moves.filter((m) => touch(m).has(clicked)), clicked) ||
    { selected: null, candidates: [], targets: new Set() };
}
