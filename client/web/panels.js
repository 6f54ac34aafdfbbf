// The room page's panels beside the table: the moves one may make or propose (calls
// and the moves that end a game apart from the numbered list; a button for each move
// with no place on the table), the "which move?" choice over the table, proposals,
// people, chat, and the banner of a table waiting for a partner.

import { cardText } from "./cards.js";
import { fill, h } from "./dom.js";
import { hintPart, shownHint } from "./hint.js";
import { freeSeats, memberControls } from "./host.js";
import { isEnding, placeless } from "./point.js";
import { moveKey, playedCard } from "./round.js";
import { emptySeats } from "./words.js";

/** A table with an empty seat: how to bring a partner in, or a computer player. */
export function drawWaiting(page) {
  const s = page.s;
  const e = page.el.waiting;
  const view = s.view;
  const empty = view && view.status === "playing" && !s.ended && view.seats.length > 1 ? emptySeats(s, view.seats.map((_, i) => i)) : [];
  e.hidden = !empty.length || !s.presence;
  if (e.hidden) { fill(e); return; }
  const link = page.link();
  fill(e, h("p", {}, h("b", {}, "Waiting for a partner: share this code or link. "),
    h("span", { class: "share-code" }, page.code), " · ", h("a", { href: link, class: "share-link" }, link), " ",
    h("button", { type: "button", class: "small copy", onclick: () => page.copyLink() }, "Copy link")),
  h("p", {}, `Computer players can take empty seats${s.host ? "" : " (the host seats them)"}. `,
    s.host ? h("button", { type: "button", class: "small bots-now", onclick: () => page.send("bot", { room: s.room }) },
      empty.length > 1 ? "Seat computer players" : "Seat a computer player") : null));
}

export function drawActions(page) {
  const s = page.s;
  const e = page.el.actions;
  const role = s.role;
  if (s.ended) { fill(e, h("h2", {}, "Out of the room"), h("p", { class: "muted" }, "Nothing here moves any more."), h("p", {}, h("a", { href: "/", class: "button to-lobby" }, "Back to the lobby"))); return; }
  const parts = [h("h2", {}, role === "player" ? "Your moves" : role === "advisor" ? "Propose a move" : "Watching")];
  if (role === "watcher") {
    parts.push(h("p", { class: "muted" }, "You are watching. "),
      h("div", { class: "buttons" },
        s.policy.advice !== "nobody" ? h("button", { type: "button", onclick: () => page.switchRole("advisor") }, "Advise") : null,
        freeSeats(s).length && !s.presence?.locked ? h("button", { type: "button", onclick: () => page.switchRole("player") }, "Take a seat") : null));
  } else if (s.view && s.view.status === "playing") {
    const all = s.candidates || page.myMoves();
    const list = page.numbered();
    const calls = page.calls();
    const ending = all.filter((m) => isEnding(m));
    if (calls.length) {
      parts.push(h("div", { class: "buttons calls" }, ...calls.map((m) => h("button", { type: "button", class: "call-button", dataset: { move: m.code },
        onclick: () => page.act(m) }, m.text[0].toUpperCase() + m.text.slice(1), h("kbd", { class: "key" }, "space")))));
    }
    if (s.candidates) parts.push(h("p", { class: "muted" }, "Choose where, or pick below (Esc to clear)."));
    const buttons = placeless(page.myMoves());
    if (buttons.length) {
      parts.push(h("div", { class: "buttons placeless" }, ...buttons.map((m) => h("button", { type: "button", class: "placeless-move", dataset: { move: m.code },
        onclick: () => page.act(m) }, m.text[0].toUpperCase() + m.text.slice(1)))));
    }
    if (!list.length && !calls.length) parts.push(h("p", { class: "muted" }, role === "player" ? (ending.length ? "No other move." : "Not your turn.") : "No move to propose now."));
    const hinted = shownHint(s)?.move;
    parts.push(h("ol", { class: "moves" }, ...list.map((m, i) => h("li", {},
      h("button", { type: "button", class: m.code === hinted ? "move hinted" : "move", dataset: { move: m.code }, onclick: () => page.act(m) },
        i < 9 ? h("kbd", {}, String(i + 1)) : null, playedCard(s.view, m) ? h("b", { class: "card-of-move" }, ` ${cardText(playedCard(s.view, m))}:`) : null, ` ${m.text}`,
        moveKey(s.view, m.code) ? h("kbd", { class: "key" }, moveKey(s.view, m.code) === " " ? "space" : moveKey(s.view, m.code)) : null,
        m.code === hinted ? h("span", { class: "hint-mark" }, " ← hint") : null)))));
    parts.push(hintPart(page));
    if (role === "player") {
      parts.push(h("div", { class: "buttons" },
        page.canUndo() ? h("button", { type: "button", class: "undo", onclick: () => page.send("undo", { room: s.room, version: s.version }) }, h("kbd", {}, "u"), " Undo") : null,
        s.policy.advice_mode === "vote" && s.proposals.items.length ? h("button", { type: "button", class: "vote", onclick: () => page.take(s.proposals.items[0], true) }, "Play the vote") : null));
    }
    if (ending.length) {
      parts.push(h("div", { class: "ending" }, ...ending.map((m) => h("button", { type: "button", class: "end-move danger", dataset: { move: m.code },
        onclick: () => page.act(m) }, m.shape?.kind === "auto" ? "Play it to the end…" : role === "player" ? "Give up…" : "Propose giving up…"))));
    }
    if (role === "advisor" && s.policy.advice === "invited") parts.push(h("p", { class: "muted" }, "At this table the host invites advisors."));
  }
  if (role && role !== "watcher") parts.push(h("p", { class: "buttons" }, h("button", { type: "button", class: "small just-watch", onclick: () => page.switchRole("watcher") }, "Just watch")));
  fill(e, ...parts);
}

/** The "which move?" choice over the table: the moves the places pointed at may mean
 * that are complete there (several, or one beside places still to point at). */
export function drawWhich(page) {
  const s = page.s;
  const e = page.el.which;
  const show = !s.ended && s.ask.length && (s.ask.length > 1 || s.targets.size);
  e.hidden = !show;
  if (!show) { fill(e); return; }
  fill(e, h("h2", {}, s.targets.size ? "Play one of these here, or point at where the cards go:" : "Which move?"),
    h("div", { class: "buttons" }, ...s.ask.map((m) => h("button", { type: "button", class: "which-move", dataset: { move: m.code },
      onclick: () => { page.clearChoice(); page.act(m); } }, m.text[0].toUpperCase() + m.text.slice(1))),
    h("button", { type: "button", class: "small which-cancel", onclick: () => page.clearChoice() }, "Cancel")));
  placeWhich(e, page.s.points);
}

/** Put the open "which move?" box ``e`` where the person sees it without moving the
 * table: at the top of the board, or (the board's top scrolled off, on a phone) at the
 * top of the screen; at its bottom when the box would cover the place just pointed at. */
function placeWhich(e, points) {
  e.style.top = "";
  const board = e.offsetParent?.getBoundingClientRect();
  if (!board || board.top >= 0) return;
  const gap = 4;
  let top = gap;
  const last = points.length ? document.querySelector(`.table [data-zone="${CSS.escape(points[points.length - 1].zone)}"]`) : null;
  const at = last?.getBoundingClientRect();
  if (at && at.top < top + e.offsetHeight + gap) top = innerHeight - e.offsetHeight - gap;
  e.style.top = `${top - board.top}px`;
}

export function drawProposals(page) {
  const s = page.s;
  const e = page.el.proposals;
  if ((s.role !== "player" && s.role !== "advisor") || s.ended) { fill(e); e.hidden = true; return; }
  e.hidden = false;
  const items = s.proposals.items || [];
  fill(e, h("h2", {}, "Proposals"),
    items.length ? h("ol", { class: "proposal-list" }, ...items.map((p, i) => h("li", { dataset: { move: p.move } },
      h("span", { class: "ptext" }, p.text), " ",
      h("span", { class: "muted" }, `by ${p.by.join(", ")} · ${p.votes} vote${p.votes === 1 ? "" : "s"}`), " ",
      s.role === "player" ? h("button", { type: "button", class: "take", onclick: () => page.take(p) }, i === 0 ? "Take (t)" : "Take")
        : h("button", { type: "button", class: "small second", title: "propose it too: one more vote", onclick: () => page.send("propose", { room: s.room, version: s.version, move: p.move }) }, "+1"))))
      : h("p", { class: "muted" }, "No proposals."),
    s.proposals.deadline ? h("p", { class: "muted" }, `The vote is played at ${new Date(s.proposals.deadline * 1000).toLocaleTimeString()}.`) : null);
}

export function drawPeople(page) {
  const p = page.s.presence;
  const e = page.el.people;
  if (!p || page.s.ended) { fill(e); e.hidden = !!page.s.ended; return; }
  e.hidden = false;
  const c = p.counts;
  const seatNames = page.s.view?.seats || [];
  fill(e, h("h2", {}, "People"),
    h("p", { class: "muted" }, `${c.player} playing · ${c.advisor} advising · ${c.watcher} watching${p.locked ? " · locked" : ""}`),
    h("ul", { class: "members" }, ...p.members.map((m) => h("li", { dataset: { member: m.id }, class: m.connected || m.bot ? "on" : "off" },
      h("span", { class: "dot", title: m.connected || m.bot ? "connected" : "away" }), " ",
      h("span", { class: "name" }, m.name), m.id === page.s.member ? " (you)" : "", " ",
      h("span", { class: "muted" }, `${roleWord(m.role)}${m.seats.length && seatNames.length > 1 ? ` ${m.seats.map((x) => seatNames[x]).join("+")}` : ""}${m.behind !== null && m.behind !== undefined ? ` behind ${seatNames[m.behind] ?? m.behind}` : ""}${m.host ? " · host" : ""}${m.connected || m.bot ? "" : " · away"}`),
      page.s.host ? memberControls(page, m) : null))));
}

export function drawChat(page) {
  fill(page.el.chatList, ...page.s.chat.map((m) => h("li", {},
    h("span", { class: "from" }, m.from), h("span", { class: "muted" }, ` (${m.role}) `), h("span", { class: "text" }, m.text))));
  page.el.chatList.scrollTop = page.el.chatList.scrollHeight;
}

function roleWord(role) { return { player: "playing", advisor: "advising", watcher: "watching" }[role] || role; }

/** A presence after `presence_changes` (protocol/README.md, Presence): entries replaced
 * or added by id (new ones at the end), the `gone` ids dropped, header and counts taken. */
export function foldPresence(p, m) {
  const byId = new Map(p.members.map((x) => [x.id, x]));
  for (const x of m.members) byId.set(x.id, x);
  for (const id of m.gone) byId.delete(id);
  return { ...p, seq: m.seq, host: m.host, locked: m.locked, counts: m.counts, members: [...byId.values()] };
}
