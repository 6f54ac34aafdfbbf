// Cards seen to travel: each face-up card drawn before and after a move slides from its
// old place to its new one (first, last, invert, play: the new table is drawn at once,
// then each card that moved starts where it was and glides home). Nothing moves when
// the person asks for reduced motion.

const CARDS = ".slot-card.up[data-card]";

/** Where each face-up card of ``root`` is drawn now: card code -> rectangles (two packs
 * may show one code twice). */
export function cardPlaces(root) {
  const out = new Map();
  for (const el of root.querySelectorAll(CARDS)) {
    const code = el.dataset.card;
    if (!out.has(code)) out.set(code, []);
    out.get(code).push(el.getBoundingClientRect());
  }
  return out;
}

/** Slide every card of ``root`` that ``before`` (cardPlaces) drew elsewhere. */
export function slide(root, before) {
  if (!before || !before.size || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  for (const el of root.querySelectorAll(CARDS)) {
    const was = before.get(el.dataset.card)?.shift();
    if (!was) continue;
    const now = el.getBoundingClientRect();
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    el.classList.add("moving");  // above the places it passes over
    const a = el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: 260, easing: "ease-out" });
    a.id = "card-move";
    a.onfinish = a.oncancel = () => el.classList.remove("moving");
  }
}
