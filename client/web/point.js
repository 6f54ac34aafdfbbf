// Which legal move a person means by pointing at places on the table (a click, a tap, or
// a card dragged from one place and dropped on another), read from each move's shape
// (protocol/README.md, "Moves and their shapes"), never from its words. Pure: no DOM,
// so that Node runs it too (tests/kit/reach.mjs).
//
// A point is {zone, card}: the place pointed at, and the face-up card under the pointer
// (null for a back, an empty place or the place's label). A move is pointed at by its
// places: a move of cards its source, then its destination; a pair (or a group taken
// out together) its places in any order; a deal, a turn or a re-deal its one place. The
// card pointed at tells apart the moves of one place (which card of a column starts the
// run to move, which of two spare cards goes).

/** Kinds of places whose face-up cards are drawn fanned, each card one may point at. */
export const FANNED = new Set(["pile", "reserve", "hand", "cell"]);
/** How many face-up cards of a fanned place are drawn (the rest are counted). */
export const MAX_FAN = 14;
/** Kinds of move that are pointed at by one place: where the cards are dealt from, the
 * pile turned (or the place it turns to), the cards taken up. */
const ONE_PLACE = new Set(["deal", "turn", "redeal"]);
/** Kinds whose `cards` are the cards a person picks up at each place. */
const PICKED = new Set(["move", "pair", "privilege", "other"]);
/** Kinds of move that end the game by the player's choice. */
const ENDING = new Set(["give_up", "auto"]);

/** The face-up cards of ``zone`` that the table draws (and one may point at). */
export function shownCards(zone) {
  return FANNED.has(zone.kind) ? zone.up.slice(-MAX_FAN) : zone.up.slice(-1);
}

/**
 * The ways to point at a move: lists of places, each {places, ordered}; pointing at the
 * places of one way (in its order when ``ordered``) means the move. None for a move with
 * no place (give up, a re-deal of the whole table): a button stands for it.
 */
export function waysOf(move) {
  let ways = WAYS.get(move);
  if (!ways) { ways = readWays(move.shape); WAYS.set(move, ways); }
  return ways;
}

const WAYS = new WeakMap();  // a move's ways, read once (a view may list hundreds of moves)

function readWays(s) {
  if (!s) return [];
  const { kind, from, to } = s;
  if (ONE_PLACE.has(kind)) {
    // a turn of the waste onto the stock: the waste, or the (empty) stock it goes to
    const at = kind === "turn" ? [from, to] : [from ?? to];
    return [...new Set(at.filter(isPlace))].map((z) => ({ places: [z], ordered: true }));
  }
  const places = [...new Set([from, to, ...(s.also || [])].filter(isPlace))];
  if (!places.length) return [];
  return [{ places, ordered: kind !== "pair" && !s.also }];
}

function isPlace(z) { return z !== null && z !== undefined; }

/** Whether ``move`` ends the game by the player's choice (give up, or play itself to
 * the end), as its shape's kind says: such a move is kept apart and asked first. */
export function isEnding(move) {
  return ENDING.has(move?.shape?.kind);
}

/** The moves that have no place on the table (and do not end the game): a labelled
 * button each. */
export function placeless(moves) {
  return moves.filter((m) => !isEnding(m) && !waysOf(m).length);
}

/** The places where pointing may begin (the table marks them). */
export function startPlaces(moves) {
  const out = new Set();
  for (const m of moves) {
    for (const w of waysOf(m)) {
      if (w.ordered) out.add(w.places[0]);
      else for (const z of w.places) out.add(z);
    }
  }
  return out;
}

/** The card ``move`` picks up at place ``zone`` (undefined when none is named there). */
export function cardAt(move, zone) {
  const s = move.shape;
  if (!s || !PICKED.has(s.kind) || !s.cards) return undefined;
  if (s.kind === "pair" || s.also) {
    const i = [s.from, s.to, ...(s.also || [])].indexOf(zone);
    return i < 0 ? undefined : s.cards[i];
  }
  return zone === s.from ? s.cards[0] : undefined;
}

function matches(way, zs) {
  if (zs.length > way.places.length) return false;
  return way.ordered ? zs.every((z, i) => way.places[i] === z) : zs.every((z) => way.places.includes(z));
}

/** Of ``moves``, those a point at card ``card`` of place ``zone`` may mean: the card
 * pointed at must be the move's card there, unless the move's card is not drawn (then
 * any point at the place will do); when no move is left, the card did not tell them
 * apart and all stay. */
function byCard(moves, point, zonesById) {
  if (!point.card) return moves;
  const zone = zonesById.get(point.zone);
  const shown = zone ? shownCards(zone) : [];
  const kept = moves.filter((m) => {
    const c = cardAt(m, point.zone);
    return c === undefined || c === null || c === point.card || !shown.includes(c);
  });
  return kept.length ? kept : moves;
}

const NOTHING = Object.freeze({ points: [], candidates: [], ask: [], targets: new Set(), act: null });

function consider(points, moves, zonesById) {
  const zs = points.map((p) => p.zone);
  let cands = moves.filter((m) => waysOf(m).some((w) => matches(w, zs)));
  for (const p of points) cands = byCard(cands, p, zonesById);
  if (!cands.length) return null;
  const done = [];
  const targets = new Set();
  for (const m of cands) {
    let complete = false;
    for (const w of waysOf(m)) {
      if (!matches(w, zs)) continue;
      if (w.places.length === zs.length) complete = true;
      else if (w.ordered) targets.add(w.places[zs.length]);
      else for (const z of w.places) if (!zs.includes(z)) targets.add(z);
    }
    if (complete) done.push(m);
  }
  // one move left: it is meant (a click on a card that has one move plays it)
  if (cands.length === 1) return { ...NOTHING, act: cands[0] };
  return { points, candidates: cands, ask: done, targets, act: null };
}

/**
 * What one more point means, given the points made so far (``points``, [] at first) and
 * the moves one may make ([{code, text, shape}], with no ending move among them).
 *
 * Returns {act}: the move meant, to be sent now (the one move left: a first point at a
 * card that has one move plays it); or {points, candidates, ask, targets}: the choice
 * so far (``candidates``, the moves it may still mean), ``ask`` the moves already
 * complete that a "which move?" choice offers (several; or beside places still to point
 * at), ``targets`` the places that may come next. A point that fits no move after the
 * others starts afresh from it; a point at a place already chosen, or at a place no move
 * begins at, clears the choice (``points`` empty).
 */
export function point(points, p, moves, zones) {
  const zonesById = new Map(zones.map((z) => [z.id, z]));
  if (points.some((q) => q.zone === p.zone)) return NOTHING;
  return consider([...points, p], moves, zonesById) ||
    (points.length ? consider([p], moves, zonesById) : null) || NOTHING;
}

/** What ``points`` mean together (a card dragged from the first and dropped on the
 * second), as :func:`point` answers, but never starting afresh: nothing when no move
 * fits them all. */
export function meant(points, moves, zones) {
  if (new Set(points.map((p) => p.zone)).size < points.length) return NOTHING;
  return consider(points, moves, new Map(zones.map((z) => [z.id, z]))) || NOTHING;
}

/** The move that sends the card at ``p`` home (onto a foundation), when exactly one
 * move does; else null. */
export function homeMove(p, moves, zones) {
  const kinds = new Map(zones.map((z) => [z.id, z.kind]));
  const home = moves.filter((m) => m.shape?.kind === "move" && m.shape.from === p.zone &&
    kinds.get(m.shape.to) === "foundation" && (!p.card || m.shape.cards?.[0] === p.card));
  return home.length === 1 ? home[0] : null;
}
