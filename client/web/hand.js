// Cards moved by hand at a patience table: a click (or tap) is one more point (point.js),
// a card dragged and let go is two, a double-click on a card sends it home; the choice
// so far lives in the page's state (points, candidates, ask, targets) and is drawn by the
// table (places chosen and where the cards may go) and by the "which move?" choice.

import { dragCards } from "./drag.js";
import { homeMove, isEnding, meant, point, startPlaces } from "./point.js";

/** No choice made: nothing pointed at. */
export const NO_CHOICE = Object.freeze({ points: [], candidates: null, ask: [], targets: new Set() });
const DOUBLE_MS = 400;  // two clicks on one card within this are a double-click

/** The moves one may point at: this member's, less those that end the game (asked
 * apart). */
export function placed(page) { return page.myMoves().filter((m) => !isEnding(m)); }

/** Drag cards on the page's table (its wrapper lives as long as the page). */
export function dragOnTable(page) {
  dragCards(page.el.table, {
    canStart: (at) => !page.s.ended && page.s.view?.layout !== "round" && startPlaces(placed(page)).has(at.zone),
    drop: (from, to) => dropped(page, from, to),
  });
}

/**
 * A click (or tap) on the table at ``at`` ({zone, card}), the ``clicks``-th of a quick
 * run (the event's detail): one more point; a second click on the same card at once is a
 * double-click, which sends the card home when exactly one move does.
 */
export function clicked(page, at, clicks = 1) {
  const moves = placed(page);
  if (!moves.length || page.s.ended) return;
  const now = Date.now();
  const last = page.lastPoint;
  page.lastPoint = { at, when: now, sent: false };
  if (last && now - last.when < DOUBLE_MS && last.at.zone === at.zone) {
    // the second click of a double-click whose first already played the card's one move
    // (a click on a back, such as the stock's, counts each time)
    if (clicks > 1 && last.sent && last.at.card) { page.lastPoint = null; return; }
    const home = last.at.card === at.card ? homeMove(at, moves, page.s.view.zones) : null;
    if (home) { page.lastPoint = null; chosen(page, { act: home }); return; }
  }
  const r = point(page.s.points, at, moves, page.s.view.zones);
  page.lastPoint.sent = !!r.act;
  chosen(page, r);
}

/** A card dragged from ``from`` and let go over ``to`` (null: off the table). */
function dropped(page, from, to) {
  page.lastPoint = null;
  if (!to || to.zone === from.zone) { chosen(page, NO_CHOICE); return; }
  const r = meant([from, to], placed(page), page.s.view.zones);
  if (!r.act && !r.ask.length) { chosen(page, NO_CHOICE); page.say("That cannot go there."); return; }
  chosen(page, r);
}

/** What the points made so far mean: a move to send, or a choice to narrow. */
export function chosen(page, r) {
  const s = page.s;
  if (r.act) { Object.assign(s, NO_CHOICE); page.act(r.act); }
  else {
    Object.assign(s, { points: r.points, candidates: r.points.length ? r.candidates : null, ask: r.ask, targets: r.targets });
    if (r.points.length) page.say("");
  }
  page.render();
}

/** What the table draws of the choice: places chosen, cards pointed at, where the cards
 * may go, and (nothing chosen yet) where a move may begin. */
export function choiceOnTable(page) {
  const s = page.s;
  return {
    selected: new Set(s.points.map((p) => p.zone)), targets: s.targets,
    picked: new Map(s.points.filter((p) => p.card).map((p) => [p.zone, p.card])),
    actionable: s.points.length ? new Set() : startPlaces(placed(page)),
  };
}
