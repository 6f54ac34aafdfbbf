// Cards drawn as SVG: a face from its code ("TH" = ten of hearts), or a back.
// Suits are drawn as paths, not as text, so no font or emoji style can change them.

const NS = "http://www.w3.org/2000/svg";
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = { A: "ace", T: "ten", J: "jack", Q: "queen", K: "king" };
export const SUIT_TEXT = { S: "♠", H: "♥", D: "♦", C: "♣" };

// Each suit in a 10 x 10 box.
const SUIT_SHAPES = {
  H: [["path", { d: "M5 9.6C3.4 8 0 5.6 0 2.9 0 1.2 1.2 0 2.7 0 3.8 0 4.6.7 5 1.7 5.4.7 6.2 0 7.3 0 8.8 0 10 1.2 10 2.9 10 5.6 6.6 8 5 9.6Z" }]],
  D: [["path", { d: "M5 0 9 5 5 10 1 5Z" }]],
  S: [["path", { d: "M5 0C3.6 2 0 4 0 6.4 0 7.9 1.1 8.8 2.4 8.8 3.3 8.8 4 8.4 4.5 7.8L3.8 10H6.2L5.5 7.8C6 8.4 6.7 8.8 7.6 8.8 8.9 8.8 10 7.9 10 6.4 10 4 6.4 2 5 0Z" }]],
  C: [["circle", { cx: 5, cy: 2.6, r: 2.4 }], ["circle", { cx: 2.5, cy: 6.2, r: 2.4 }],
      ["circle", { cx: 7.5, cy: 6.2, r: 2.4 }], ["path", { d: "M4.4 5.6 3.8 10H6.2L5.6 5.6Z" }]],
};

function el(tag, attrs = {}) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

function suit(s, x, y, size) {
  const g = el("g", { transform: `translate(${x} ${y}) scale(${size / 10})` });
  for (const [tag, attrs] of SUIT_SHAPES[s]) g.append(el(tag, attrs));
  return g;
}

/** The words for a card code: "ten of hearts". */
export function cardName(code) {
  const r = code[0];
  return `${RANK_NAMES[r] || r} of ${SUIT_NAMES[code[1]] || "?"}`;
}

/** The short text for a card code: "10♥". */
export function cardText(code) {
  return `${RANKS[code[0]] || code[0]}${SUIT_TEXT[code[1]] || "?"}`;
}

/** An SVG element drawing the face of ``code``. */
export function face(code) {
  const rank = RANKS[code[0]] || code[0];
  const s = code[1];
  const red = s === "H" || s === "D";
  const svg = el("svg", { viewBox: "0 0 60 84", class: `card face ${red ? "red" : "black"}`,
                          role: "img", "aria-label": cardName(code) });
  svg.dataset.card = code;
  svg.append(el("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "card-edge" }));
  const ink = el("g", { class: "ink" });
  const t = el("text", { x: 4, y: 17, class: "rank" });
  t.textContent = rank;
  ink.append(t, suit(s, 4.5, 21, 10));
  const b = el("g", { transform: "rotate(180 30 42)" });
  const t2 = el("text", { x: 4, y: 17, class: "rank" });
  t2.textContent = rank;
  b.append(t2, suit(s, 4.5, 21, 10));
  ink.append(b);
  if ("JQK".includes(code[0])) {
    ink.append(el("rect", { x: 16, y: 22, width: 28, height: 40, rx: 3, class: "court" }));
    const c = el("text", { x: 30, y: 50, class: "court-letter", "text-anchor": "middle" });
    c.textContent = code[0];
    ink.append(c);
  } else {
    ink.append(suit(s, 19, 31, 22));
  }
  svg.append(ink);
  return svg;
}

/** An SVG element drawing a card's back. */
export function back() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card back", role: "img",
                          "aria-label": "a face-down card" });
  svg.append(el("rect", { x: 0.5, y: 0.5, width: 59, height: 83, rx: 5, class: "card-edge" }));
  svg.append(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, class: "back-field" }));
  // a nested svg clips the lattice to the field (no ids, so many backs never clash)
  const field = el("svg", { x: 5, y: 5, width: 50, height: 74, viewBox: "0 0 50 74" });
  const lattice = el("g", { class: "back-lines" });
  for (let i = -80; i < 60; i += 8) {
    lattice.append(el("line", { x1: i, y1: 0, x2: i + 74, y2: 74 }));
    lattice.append(el("line", { x1: 50 - i, y1: 0, x2: -24 - i, y2: 74 }));
  }
  field.append(lattice);
  svg.append(field);
  return svg;
}
