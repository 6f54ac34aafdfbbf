// The card table, drawn from a view alone for any game: zones in their groups, arranged
// by the view's layout hint (rows, twins, clock, grid). Face-down cards are backs with a
// count; zones that changed with the last move are marked. Each face-up card drawn is
// one a person may point at (point.js: shownCards draws the same ones).

import { back, cardName, face } from "./cards.js";
import { h } from "./dom.js";
import { shortLabel } from "./moves.js";
import { FANNED, shownCards } from "./point.js";

/** The point (point.js) under element ``el`` of the table: its place, and the face-up
 * card there (null for a back, an empty place or a label); null off the table. */
export function pointOf(el) {
  const place = el?.closest?.("[data-zone]");
  if (!place || !place.closest(".table")) return null;
  return { zone: place.dataset.zone, card: el.closest(".slot-card.up")?.dataset.card || null };
}

/** Ids of the zones whose cards differ between two views of the same game. */
export function changedZones(before, after) {
  const out = new Set();
  if (!before || !after || before.game !== after.game) return out;
  const old = new Map(before.zones.map((z) => [z.id, z]));
  for (const z of after.zones) {
    const o = old.get(z.id);
    if (!o || o.down !== z.down || o.up.join() !== z.up.join()) out.add(z.id);
  }
  return out;
}

/** Zones in groups, in the order the view gives them; "x.up" rides with zone "x". */
function groups(view) {
  const byId = new Map(view.zones.map((z) => [z.id, z]));
  const out = new Map();
  for (const z of view.zones) {
    if (z.id.endsWith(".up") && byId.has(z.id.slice(0, -3))) continue;
    const key = z.group || "";
    if (!out.has(key)) out.set(key, []);
    out.get(key).push({ zone: z, partner: byId.get(`${z.id}.up`) || null });
  }
  return out;
}

function zoneCards(z, fanned, picked) {
  const stack = h("div", { class: "stack" });
  if (z.down > 0) {
    const b = h("div", { class: "slot-card down" }, back(), h("span", { class: "count", title: `${z.down} face down` }, String(z.down)));
    stack.append(b);
  }
  if (z.up.length) {
    const shown = shownCards(z);
    if (fanned && z.up.length > shown.length) stack.append(h("span", { class: "more" }, `+${z.up.length - shown.length}`));
    const fan = h("div", { class: fanned ? `fan n${shown.length}` : "fan" });
    shown.forEach((c, i) => {
      const card = h("div", { class: c === picked ? "slot-card up picked" : "slot-card up", dataset: { card: c } }, face(c));
      if (fanned) card.style.setProperty("--i", String(i));
      fan.append(card);
    });
    if (!fanned && z.up.length > 1) fan.append(h("span", { class: "count up-count", title: `${z.up.length} face up` }, `×${z.up.length}`));
    stack.append(fan);
  }
  if (!z.down && !z.up.length) stack.append(h("div", { class: "slot-card empty" }));
  if (z.down && z.up.length) stack.classList.add("both");
  return stack;
}

const SUITS = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };

/** A zone's label as short as it can be printed under a card (the whole label stays in
 * its title and aria-label): a family as its suit's sign ("the ace family of spades":
 * ♠; the group's heading says which family), without its owner or a leading "the". */
export function zoneLabel(label) {
  const l = shortLabel(label);
  const suits = Object.keys(SUITS).filter((s) => new RegExp(`\\b${s}\\b`).test(l));
  if (/\bfamily\b/.test(l) && suits.length === 1) return SUITS[suits[0]];
  // a long word may break (with a hyphen) three letters or more from either end
  return l.replace(/^the\s+/, "").replace(/\p{L}{8,}/gu, (w) => [...w].map((c, i) => (i >= 3 && i <= w.length - 3 ? `\u00ad${c}` : c)).join(""));
}

/** Labels to print under each zone: "12" for "packet 12" when a group has many packets. */
function displayLabels(entries) {
  const stems = new Map();
  // [stem, number]: "packet 12" -> ["packet", "12"], "12 o'clock" -> ["o'clock", "12"]
  const parts = entries.map((e) => {
    const l = zoneLabel(e.zone.label);
    const m = l.match(/^(.*\D)\s(\d+)$/) || l.match(/^(\d+)\s(\D.*)$/);
    if (!m) return null;
    return /^\d/.test(m[1]) ? [m[2], m[1]] : [m[1], m[2]];
  });
  for (const p of parts) if (p) stems.set(p[0], (stems.get(p[0]) || 0) + 1);
  entries.forEach((e, i) => {
    const p = parts[i];
    e.display = p && stems.get(p[0]) >= 3 ? p[1] : zoneLabel(e.zone.label);
  });
}

function zoneEl(entry, ctx) {
  const { zone: z, partner } = entry;
  const fanned = FANNED.has(z.kind) && z.up.length > 1;
  const cls = ["zone", `kind-${z.kind}`];
  if (fanned) cls.push("fanned");
  const ids = partner ? [z.id, partner.id] : [z.id];
  if (ids.some((id) => ctx.changed.has(id))) cls.push("changed");
  if (ids.some((id) => ctx.selected.has(id))) cls.push("selected");
  if (ids.some((id) => ctx.targets.has(id))) cls.push("target");
  if (ids.some((id) => ctx.actionable.has(id))) cls.push("actionable");
  const cards = [z.up.length ? `face up ${z.up.map(cardName).join(", ")}` : "", z.down ? `${z.down} face down` : ""].filter(Boolean).join("; ");
  const el = h("div", {
    class: cls.join(" "), dataset: { zone: z.id, down: String(z.down), up: z.up.join(" ") },
    title: z.label, "aria-label": `${z.label}: ${cards || "empty"}`,
  });
  el.append(zoneCards(z, fanned, ctx.picked.get(z.id)));
  if (partner) {
    el.dataset.partner = partner.id;
    const p = zoneCards(partner, false, ctx.picked.get(partner.id));
    p.classList.add("partner");
    p.dataset.zone = partner.id;
    p.dataset.up = partner.up.join(" ");
    p.dataset.down = String(partner.down);
    el.append(p);
  }
  const label = entry.display || zoneLabel(z.label);
  el.append(h("span", { class: `zlabel${Object.values(SUITS).includes(label) ? " suit" : ""}` }, label));
  el.addEventListener("click", (ev) => { const at = pointOf(ev.target); if (at) ctx.onPoint(at, ev.detail); });
  return el;
}

/** One zone drawn alone (a round table's packs and table cards), labelled ``label``. */
export function zoneBox(z, label, ctx) {
  return zoneEl({ zone: z, partner: null, display: label }, ctx);
}

function square(n) { const r = Math.round(Math.sqrt(n)); return r * r === n ? r : 0; }

function groupEl(name, entries, ctx, layout) {
  const title = ctx.groupTitle(name);
  const g = h("section", { class: "group", dataset: { group: name } }, title ? h("h3", {}, title) : null);
  const body = h("div", { class: "zones" });
  if (layout === "grid") {
    const cols = entries.length >= 9 && square(entries.length) ? square(entries.length) : 0;
    if (cols) { body.classList.add("grid"); body.style.setProperty("--cols", String(cols)); }
  }
  displayLabels(entries);
  for (const e of entries) body.append(zoneEl(e, ctx));
  g.append(body);
  return g;
}

function isCentre(e) { return /centre|center/i.test(`${e.zone.id} ${e.zone.label}`); }

/** A round dial holds a ring of at most 13 places, and inside it at most one ring of
 * at most 6 (and a centre): more fan their places into each other, and the places go
 * round a frame instead (framedEl). */
const ROUND = 13;
const INNER = 6;

function ringEls(es, radius, ctx) {
  // places on a circle, the first at one o'clock; a "centre" in the middle
  const out = [];
  const around = es.filter((e) => !isCentre(e));
  around.forEach((e, i) => {
    const angle = ((i + 1) / around.length) * 2 * Math.PI;
    const el = zoneEl(e, ctx);
    el.classList.add("on-dial");
    el.style.left = `${50 + radius * Math.sin(angle)}%`;
    el.style.top = `${50 - radius * Math.cos(angle)}%`;
    out.push(el);
  });
  for (const e of es.filter(isCentre)) {
    const el = zoneEl(e, ctx);
    el.classList.add("on-dial");
    el.style.left = "50%";
    el.style.top = "50%";
    out.push(el);
  }
  return out;
}

/** The cells round the edge of a grid of ``cols`` by ``rows``, clockwise from the top
 * left: [column, row], from 1. */
function edge(cols, rows) {
  const out = [];
  for (let c = 1; c <= cols; c++) out.push([c, 1]);
  for (let r = 2; r < rows; r++) out.push([cols, r]);
  for (let c = cols; c >= 1; c--) out.push([c, rows]);
  for (let r = rows - 1; r > 1; r--) out.push([1, r]);
  return out;
}

function framedEl(ring, inner, ctx) {
  // A round dial of many places (or with packets inside) fans its places into each
  // other; a frame cannot: the places go round the edge of a grid, clockwise from the
  // top middle as on a clock (the first at one o'clock), and the middle holds the
  // centre and the other groups, each as rows. The grid's rows and columns grow with
  // what they hold (a packet that grows pushes its neighbours apart; nothing covers it).
  const around = ring.filter((e) => !isCentre(e));
  const n = around.length;
  const cols = n >= 16 ? 7 : n >= 12 ? 5 : 3;
  const rows = Math.max(3, Math.ceil((n + 4 - 2 * cols) / 2));
  const cells = edge(cols, rows);
  const top = Math.floor((cols - 1) / 2);
  const face = h("div", { class: "frame" });
  face.style.setProperty("--fcols", String(cols));
  face.style.setProperty("--frows", String(rows));
  around.forEach((e, i) => {
    const [c, r] = cells[(top + i + 1) % cells.length];
    const el = zoneEl(e, ctx);
    el.style.gridColumn = String(c);
    el.style.gridRow = String(r);
    face.append(el);
  });
  const hub = h("div", { class: "hub" });
  hub.style.gridColumn = `2 / ${cols}`;
  hub.style.gridRow = `2 / ${rows}`;
  const centre = ring.filter(isCentre);
  if (centre.length) hub.append(groupEl("", centre, ctx, "rows"));
  for (const [name, es] of inner) {
    const g = groupEl(name, es, ctx, "rows");
    // in rows of about half the places (fewer on a phone: style.css)
    g.querySelector(".zones").style.setProperty("--per-row", String(Math.min(6, Math.ceil(es.length / 2))));
    hub.append(g);
  }
  face.append(hub);
  return face;
}

function clockEl(all, ctx) {
  // the largest group of four or more places goes round the dial (the first of equals);
  // a "centre" of it, and the other groups of four or more, inside: a smaller ring on a
  // round dial, rows in the middle of a frame
  const big = [...all.entries()].filter(([, es]) => es.length >= 4);
  const rest = [...all.entries()].filter(([, es]) => es.length < 4);
  const out = [];
  if (big.length) {
    const [, ring] = big.reduce((a, b) => (b[1].length > a[1].length ? b : a));
    const inner = big.filter(([, es]) => es !== ring);
    displayLabels(ring);
    const round = ring.filter((e) => !isCentre(e)).length <= ROUND && inner.length <= 1 &&
      inner.every(([, es]) => es.filter((e) => !isCentre(e)).length <= INNER);
    if (round) {
      for (const [, es] of inner) displayLabels(es);
      const face = h("div", { class: "clockface" }, ...ringEls(ring, 41, ctx),
        ...inner.flatMap(([, es]) => ringEls(es, 21, ctx)));
      out.push(h("section", { class: "group dial" }, face));
    } else out.push(h("section", { class: "group dial" }, framedEl(ring, inner, ctx)));
  }
  for (const [name, es] of rest) out.push(groupEl(name, es, ctx, "rows"));
  return out;
}

/**
 * The table for ``view``. ``ctx``: changed, selected, targets and actionable (Sets of
 * zone ids), picked (Map from zone id to the card pointed at there), onPoint({zone,
 * card}, clicks: the click's detail), groupTitle(name) -> text.
 */
export function drawTable(view, ctx) {
  const all = groups(view);
  const layout = view.layout || "rows";
  const table = h("div", { class: `table layout-${layout}`, dataset: { layout, game: view.game } });
  if (layout === "clock") table.append(...clockEl(all, ctx));
  else for (const [name, es] of all) table.append(groupEl(name, es, ctx, layout));
  return table;
}
