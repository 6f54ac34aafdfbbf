// Cards dragged from one place and dropped on another, with a mouse, a pen or a finger
// (pointer events). A press on a face-up card of a place where a move may begin becomes
// a drag once it has travelled a few pixels: the card and the cards lying on it (a run)
// follow the pointer, and where it is let go is the second point (point.js). A press
// that does not travel stays a click.

import { h } from "./dom.js";
import { pointOf } from "./table.js";

const TRAVEL = 6;  // pixels before a press becomes a drag

/**
 * Drag cards within ``root`` (the table's wrapper, which lives as long as the page).
 * ``canStart(point)``: whether a drag may begin at that point; ``drop(from, to)``: the
 * card at ``from`` was let go over ``to`` (a point, or null off the table).
 */
export function dragCards(root, { canStart, drop }) {
  let press = null;
  let drag = null;
  let swallow = false;  // the click that follows a drag is not a click

  const end = () => {
    if (drag) { drag.ghost.remove(); for (const c of drag.lifted) c.classList.remove("lifted"); }
    press = null;
    drag = null;
  };
  root.addEventListener("pointerdown", (ev) => {
    swallow = false;
    if (press || (ev.pointerType === "mouse" && ev.button !== 0)) return;
    const card = ev.target.closest(".slot-card.up");
    const at = pointOf(ev.target);
    if (!card || !at || !canStart(at)) return;
    press = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, at, card };
  });
  root.addEventListener("pointermove", (ev) => {
    if (!press || ev.pointerId !== press.id) return;
    const dx = ev.clientX - press.x;
    const dy = ev.clientY - press.y;
    if (!drag) {
      if (Math.hypot(dx, dy) < TRAVEL) return;
      drag = lift(press.card);
      root.setPointerCapture(ev.pointerId);
    }
    ev.preventDefault();
    drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
  });
  root.addEventListener("pointerup", (ev) => {
    if (!press || ev.pointerId !== press.id) return;
    const from = press.at;
    const dragged = !!drag;
    if (drag) drag.ghost.hidden = true;  // so that what lies under the pointer is found
    const to = dragged ? pointOf(document.elementFromPoint(ev.clientX, ev.clientY)) : null;
    end();
    if (!dragged) return;
    swallow = true;
    drop(from, to);
  });
  root.addEventListener("pointercancel", end);
  root.addEventListener("click", (ev) => {
    if (!swallow) return;
    swallow = false;
    ev.stopPropagation();
    ev.preventDefault();
  }, true);
}

/** The card pressed and those lying on it, copied into a ghost that follows the pointer;
 * the cards themselves fade where they are. */
function lift(card) {
  const cards = [card];
  for (let n = card.nextElementSibling; n; n = n.nextElementSibling) if (n.matches(".slot-card.up")) cards.push(n);
  const base = card.getBoundingClientRect();
  const ghost = h("div", { class: "drag-ghost", "aria-hidden": "true" });
  Object.assign(ghost.style, { left: `${base.left}px`, top: `${base.top}px`, width: `${base.width}px`, height: `${base.height}px` });
  for (const c of cards) {
    const r = c.getBoundingClientRect();
    const copy = c.cloneNode(true);
    copy.classList.remove("moving");
    Object.assign(copy.style, { position: "absolute", margin: "0", left: `${r.left - base.left}px`, top: `${r.top - base.top}px`,
      width: `${r.width}px`, height: `${r.height}px` });
    ghost.append(copy);
    c.classList.add("lifted");
  }
  document.body.append(ghost);
  return { ghost, lifted: cards };
}
