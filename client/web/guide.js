// How to play a game (protocol/README.md, `guide`): the goal first, then the layout with
// a picture of a real start (deal 0, as a watcher sees it, drawn by the page's own
// table), the moves and how it ends; the book and page last. Shown in a dialog from the
// lobby and from the table, and as a page of its own at "/how/GAME".

import { Conn } from "./conn.js";
import { fill, h } from "./dom.js";
import { drawTable } from "./table.js";

const KINDS = { solo: "One player", two: "Two players", party: "Two or more players" };

/** The game's id on a "/how/GAME" page, or null. */
export function pageGuide() {
  const m = location.pathname.match(/^\/how\/([a-z0-9_]{1,40})\/?$/);
  return m ? m[1] : null;
}

/** A paragraph of a guide: its lines, or a list when its lines are points ("- "). */
function paragraph(text) {
  const lines = text.split("\n");
  const points = lines.filter((l) => l.startsWith("- "));
  if (!points.length) return h("p", {}, lines.join(" "));
  const out = [];
  let list = null;
  for (const l of lines) {
    if (l.startsWith("- ")) {
      if (!list) { list = h("ul", {}); out.push(list); }
      list.append(h("li", {}, l.slice(2)));
    } else { list = null; out.push(h("p", {}, l)); }
  }
  return out;
}

/** The picture of deal 0: the page's own table, drawn from the view the server sent. */
function picture(reply) {
  const view = reply.view;
  const still = { changed: new Set(), selected: new Set(), picked: new Map(), targets: new Set(), actionable: new Set(), onPoint: () => {}, groupTitle: (n) => n };
  return h("figure", { class: "guide-picture" },
    h("div", { class: "board" }, h("div", { class: "table-wrap" }, drawTable(view, still))),
    h("figcaption", { class: "muted" }, `The start of deal ${reply.deal}, as anyone watching sees it: face-down cards are shown as backs with their count.`));
}

/** The guide as an element: name, tags, the four parts (the picture after the layout). */
export function guideEl(reply) {
  const g = reply.guide;
  const tags = [KINDS[g.kind], g.difficulty ? `${g.difficulty[0].toUpperCase()}${g.difficulty.slice(1)} difficulty` : null].filter(Boolean).join(" · ");
  const parts = g.parts.map(([heading, paras]) => h("section", { class: "guide-part", dataset: { part: heading.toLowerCase() } },
    h("h3", {}, heading === "End" ? "How it ends" : heading === "Moves" ? "The moves" : heading === "Layout" ? "The layout" : "The goal"),
    ...paras.map(paragraph),
    heading === "Layout" ? picture(reply) : null));
  return h("article", { class: "guide", dataset: { game: g.id } },
    h("h2", {}, `How to play ${g.name}`),
    h("p", { class: "guide-summary" }, g.summary),
    tags ? h("p", { class: "guide-tags muted" }, tags) : null,
    ...parts,
    h("p", { class: "guide-citation muted" }, g.citation));
}

/** Ask the server for a game's guide and show it in a modal dialog over the page. */
export async function showGuide(conn, gameId) {
  const dialog = h("dialog", { class: "guide-dialog", "aria-label": "How to play" });
  const close = h("button", { type: "button", class: "small close", onclick: () => dialog.close() }, "Close");
  const body = h("div", { class: "guide-body" }, h("p", { class: "muted" }, "Loading…"));
  dialog.append(h("div", { class: "guide-top" }, close), body);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  try {
    fill(body, guideEl(await conn.call("guide", { game: gameId })));
  } catch (err) { fill(body, h("p", { class: "notice" }, err.message)); }
  close.focus();
  return dialog;
}

/** The page "/how/GAME": the guide alone, with a way to the lobby. */
export async function guidePage(root, gameId) {
  const body = h("div", { class: "guide-body" }, h("p", { class: "muted" }, "Loading…"));
  root.append(h("header", { class: "bar" }, h("a", { href: "/", class: "home" }, "Lobby"), h("h1", {}, "How to play")),
    h("main", { class: "guide-page" }, body));
  const conn = new Conn(() => {}, () => {});
  try {
    await conn.open("");
    const reply = await conn.call("guide", { game: gameId });
    document.title = `How to play ${reply.guide.name} · Sympathy`;
    fill(body, guideEl(reply));
  } catch (err) { fill(body, h("p", { class: "notice" }, err.message)); }
}
