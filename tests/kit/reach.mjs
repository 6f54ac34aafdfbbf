// Every legal move is reachable by pointing, in the page's own mapping module
// (client/web/point.js), run under Node: one JSON line per position on stdin
// ({label, seat, view}), one JSON line per move that pointing cannot reach on stdout,
// then a last line {"checked": N}; a line {"end": true} ends a batch the same way and
// the process reads on (one process for many batches). Driven by tests/kit/reach.py.
//
// The points are built from each move's shape as protocol/README.md says a client reads
// it, not from the module's own reading: a move of cards is pointed at by its source (at
// its card, where the table draws it, and again at the place alone), then its
// destination; a pair or a group by its places in either order; a deal, turn or re-deal
// by its one place. Each point on the way must act the move (the one left) or leave it
// among the candidates, and act no other move; the last must act it, or offer it in a
// "which move?" choice.

import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const point = await import(join(here, "..", "..", "client", "web", "point.js"));

const ONE_PLACE = new Set(["deal", "turn", "redeal"]);

/** The sequences of points that mean ``move`` to a person reading its shape. */
function pointings(move, zonesById) {
  const s = move.shape;
  const placed = (z) => z !== null && z !== undefined;
  if (ONE_PLACE.has(s.kind)) {
    const at = [s.from, s.to].filter(placed);
    return at.length ? [[{ zone: at[0], card: null }]] : [];
  }
  const places = [...new Set([s.from, s.to, ...(s.also || [])].filter(placed))];
  if (!places.length) return [];
  const cardOf = (z, i) => {
    const c = s.kind === "pair" || s.also ? s.cards?.[i] : i === 0 ? s.cards?.[0] : null;
    const zone = zonesById.get(z);
    return c && zone && point.shownCards(zone).includes(c) ? c : null;
  };
  const withCards = places.map((z, i) => ({ zone: z, card: cardOf(z, i) }));
  const bare = places.map((z) => ({ zone: z, card: null }));
  const out = [withCards, bare];
  if (s.kind === "pair" || s.also) out.push([...withCards].reverse());
  return out;
}

function reach(move, seq, moves, zones, firsts) {
  let points = [];
  for (let i = 0; i < seq.length; i++) {
    // a first point means the same for every move of the position: asked once
    const key = i === 0 ? `${seq[0].zone}\u0000${seq[0].card}` : null;
    let r = key !== null ? firsts.get(key) : undefined;
    if (r === undefined) {
      r = point.point(points, seq[i], moves, zones);
      if (key !== null) firsts.set(key, r);
    }
    const last = i === seq.length - 1;
    if (r.act) return r.act.code !== move.code || r.act.seat !== move.seat ? `acts ${r.act.code} instead` : null;
    if (!r.candidates.includes(move)) return `is lost at point ${i + 1} (${seq[i].zone})`;
    if (last && !r.ask.includes(move)) return `is not offered after its last place`;
    points = r.points;
  }
  return null;
}

let checked = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const item = JSON.parse(line);
  if (item.end) {  // the end of a batch: its count, and the next batch starts afresh
    console.log(JSON.stringify({ checked }));
    checked = 0;
    continue;
  }
  const { label, seat, view } = item;
  const zonesById = new Map(view.zones.map((z) => [z.id, z]));
  const moves = (view.moves[String(seat)] || []).map((m) => ({ ...m, seat })).filter((m) => !point.isEnding(m));
  const buttons = new Set(point.placeless(moves));
  const firsts = new Map();
  for (const m of moves) {
    checked++;
    const seqs = pointings(m, zonesById);
    if (!seqs.length) {
      if (!buttons.has(m)) console.log(JSON.stringify({ label, move: m.code, why: "has no place and no button" }));
      continue;
    }
    for (const seq of seqs) {
      const why = reach(m, seq, moves, view.zones, firsts);
      if (why) {
        console.log(JSON.stringify({ label, move: m.code, points: seq, why }));
        break;
      }
    }
  }
}
console.log(JSON.stringify({ checked }));
