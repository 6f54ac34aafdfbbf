// The room page's keys: a digit plays that numbered move, h asks for a hint, u undoes,
// t takes the first proposal, Esc clears a choice; at a round table space calls,
// a letter plays a word move, left/right and Enter walk and play the cards.

import { askHint, canHint } from "./hint.js";
import { bestCall, drawnPosition, moveKey, playedCard, sortHand } from "./round.js";

export function onKey(page, ev) {
  if (ev.target.closest && ev.target.closest("input, textarea, select, dialog")) return;
  if (ev.ctrlKey || ev.metaKey || ev.altKey || page.s.ended) return;
  const list = page.numbered();
  if (page.s.view?.layout === "round" && roundKey(page, ev, page.s.candidates || page.myMoves())) return;
  if (/^[1-9]$/.test(ev.key) && list[Number(ev.key) - 1]) { ev.preventDefault(); page.act(list[Number(ev.key) - 1]); }
  else if (ev.key === "h" && canHint(page.s)) { ev.preventDefault(); askHint(page); }
  else if (ev.key === "u" && page.canUndo()) { ev.preventDefault(); page.send("undo", { room: page.s.room, version: page.s.version }); }
  else if (ev.key === "t" && page.s.role === "player" && page.s.proposals.items.length) {
    ev.preventDefault();
    page.take(page.s.proposals.items[0]);
  } else if (ev.key === "Escape") page.clearChoice();
}

/** A round table's keys: space calls (Snap; Snip Snap Snorum's snap), a letter per word move, left/right walk
 * the cards one may play (or the backs one may draw) and Enter plays the one chosen. */
export function roundKey(page, ev, list) {
  const view = page.s.view;
  if (ev.key === " ") {
    if (ev.target.closest && ev.target.closest("button")) ev.target.blur();
    ev.preventDefault();
    // a race's call, else the move whose key is space (Snip Snap Snorum's snap)
    const calls = page.calls();
    const call = calls.length ? bestCall(view, calls, page.me()) : list.find((m) => moveKey(view, m.code) === " ");
    if (call) page.act(call); else page.say("There is nothing to call at this table.");
    return true;
  }
  const word = list.find((m) => moveKey(view, m.code) === ev.key.toLowerCase() && ev.key !== " ");
  if (word) { ev.preventDefault(); page.act(word); return true; }
  // the moves of a card of the hand or a back of another's, as their shapes say
  const cards = list.filter((m) => playedCard(view, m) || drawnPosition(view, m) !== null);
  const keyOf = (m) => playedCard(view, m) || m.code;
  // the cards one may play, in the order the hand shows them (sorted: round.js)
  const shown = sortHand(cards.map((m) => playedCard(view, m)).filter(Boolean), view.ranks);
  if (shown.length === cards.length) cards.sort((a, b) => shown.indexOf(keyOf(a)) - shown.indexOf(keyOf(b)));
  if ((ev.key === "ArrowLeft" || ev.key === "ArrowRight") && cards.length) {
    ev.preventDefault();
    const at = cards.findIndex((m) => keyOf(m) === page.s.cursor);
    const step = ev.key === "ArrowRight" ? 1 : -1;
    const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
    page.s.cursor = keyOf(cards[next]);
    page.say(cards[next].text);
    page.render();
    return true;
  }
  if (ev.key === "Enter" && page.s.cursor && !(ev.target.closest && ev.target.closest("button"))) {
    const chosen = cards.find((m) => keyOf(m) === page.s.cursor);
    if (chosen) { ev.preventDefault(); page.act(chosen); return true; }
  }
  return false;
}
