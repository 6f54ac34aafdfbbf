// What the host does from the page (everything the terminal host can): the seats, with
// a computer player for any empty one; people moved between seats and roles; advisors
// invited or seated behind a seat; the host role handed to someone else; the room locked
// or closed. Dealing again and the rematch are on the end panel (end.js), when a deal is
// over.

import { ask } from "./ask.js";
import { h } from "./dom.js";
import { namesIn } from "./words.js";

/** The seats nobody holds (neither a person nor a computer player). */
export function freeSeats(s) {
  const v = s.view;
  if (!v) return [];
  const taken = new Set((s.presence?.members || []).filter((m) => m.role === "player").flatMap((m) => m.seats));
  return v.seats.map((_, i) => i).filter((i) => !taken.has(i));
}

/** The host's panel: seats and computer players, the tally, lock and close. */
export function hostPanel(page) {
  const s = page.s;
  const room = s.room;
  const locked = !!s.presence?.locked;
  const seats = s.view?.seats || [];
  const free = freeSeats(s);
  const seatRows = seats.length > 1 ? h("ul", { class: "seat-list" }, ...seats.map((name, i) => {
    const who = namesIn(s, i);
    return h("li", { dataset: { seat: String(i) } }, h("b", {}, `${name}: `),
      who.length ? who.join(" and ") : h("span", { class: "muted" }, "empty"),
      free.includes(i) && free.length > 1 ? [" ", h("button", { type: "button", class: "small bot-seat", dataset: { seat: String(i) },
        onclick: () => page.send("bot", { room, seat: i }) }, "Seat a computer player")] : null);
  })) : null;
  return [h("h2", {}, "Host"),
    seatRows,
    free.length ? h("div", { class: "buttons" },
      h("button", { type: "button", class: "bots", onclick: () => page.send("bot", { room }) },
        free.length > 1 ? "Computer players in the empty seats" : "A computer player in the empty seat")) : null,
    h("div", { class: "buttons" },
      h("button", { type: "button", class: "lock", onclick: () => page.send("lock", { room, locked: !locked }) }, locked ? "Unlock the room" : "Lock the room"),
      h("button", { type: "button", class: "close danger", onclick: () => closeRoom(page) }, "Close the room")),
    h("p", { class: "muted" }, "Share the link to invite people. Move anyone between seats and roles from the list of people above.")];
}

async function closeRoom(page) {
  if (await ask("Close the room for everyone?", "Everyone here leaves the room, the game stops and the room's link stops working.", "Close the room")) {
    page.send("close", { room: page.s.room });
  }
}

/** The places member ``m`` may be moved to: each seat, advisor, watcher. At a table
 * played together a player given another seat holds both ("plays B too"); at a round
 * table a person holds one seat, so the new one replaces theirs. */
function places(s, m) {
  const seats = s.view?.seats || [];
  const adds = s.view?.layout !== "round" && m.role === "player" && m.seats.length;
  const out = seats.length > 1
    ? seats.map((name, i) => [`player:${i}`, `plays ${name}${adds && !m.seats.includes(i) ? " too" : ""}`])
    : [["player:0", "plays"]];
  if (s.policy.advice !== "nobody") out.push(["advisor", "advises"]);
  out.push(["watcher", "watches"]);
  return out;
}

function placeOf(m) {
  return m.role === "player" && m.seats.length ? `player:${m.seats[0]}` : m.role;
}

/** The host's controls beside one member of the people list. */
export function memberControls(page, m) {
  const s = page.s;
  const room = s.room;
  const me = m.id === s.member;
  if (m.bot) {
    return h("span", { class: "host-buttons" }, h("button", { type: "button", class: "small kick",
      onclick: () => page.send("kick", { room, member: m.id }) }, "Remove"));
  }
  const options = places(s, m);
  const chosen = held(page, `place:${m.id}`, options.map(([value]) => value), placeOf(m));
  const pick = h("select", { class: "place", "aria-label": `where ${me ? "you" : m.name} should be`,
    onchange: () => hold(page, `place:${m.id}`, pick.value) },
    ...options.map(([value, text]) => h("option", { value, selected: value === chosen }, text)));
  const move = h("button", { type: "button", class: "small move-member", onclick: () => moveMember(page, m, pick.value) }, "Move");
  return h("span", { class: "host-buttons" }, pick, move,
    !me && m.role === "advisor" && s.policy.advice === "invited" ? h("button", { type: "button", class: "small", onclick: () => page.send("invite", { room, member: m.id }) }, "Invite") : null,
    s.view?.layout === "round" && m.role !== "player" ? behindPicker(page, m) : null,
    me || !m.connected ? null : h("button", { type: "button", class: "small make-host", onclick: () => makeHost(page, m) }, "Make host"),
    me ? null : h("button", { type: "button", class: "small kick", onclick: () => page.send("kick", { room, member: m.id }) }, "Kick"));
}

/** The host hands the host role to ``m`` (set_host), asked first: it cannot be taken
 * back from this side. */
async function makeHost(page, m) {
  if (!(await ask(`Make ${m.name} the host?`,
    `${m.name} gets the host's controls: seats and roles, computer players, dealing again, locking and closing the room. You stay where you are, and only the new host can give the role back.`,
    "Make host", { danger: false }))) return;
  await page.send("set_host", { room: page.s.room, member: m.id });
}

/** The value chosen in the menu ``key`` of the people list and not yet acted on, while
 * it is still one of ``values``; else ``fallback``. The list is drawn again at every
 * message the room sends (a chat line, someone arriving), and a choice made there a
 * moment before must stay until its button is pressed. */
function held(page, key, values, fallback) {
  const value = page.held?.get(key);
  return value !== undefined && values.includes(value) ? value : fallback;
}

function hold(page, key, value) {
  (page.held ??= new Map()).set(key, value);
}

async function moveMember(page, m, place) {
  const s = page.s;
  page.held?.delete(`place:${m.id}`);
  if (place === placeOf(m)) return;
  const [role, seat] = place.split(":");
  if (m.id === s.member) { await page.switchRole(role, seat === undefined ? undefined : Number(seat)); return; }
  const holder = seat === undefined ? null : (s.presence?.members || []).find((x) => x.id !== m.id && x.role === "player" && x.seats.includes(Number(seat)));
  if (holder && !holder.bot && !(await ask(`Give ${s.view.seats[Number(seat)]} to ${m.name}?`,
    `${holder.name} holds that seat now and will ${s.policy.advice === "nobody" ? "watch" : "advise"} instead.`, "Give the seat", { danger: false }))) return;
  await page.send("set_role", { room: s.room, member: m.id, role, seat: seat === undefined ? undefined : Number(seat) });
}

/** The host seats an advisor or a watcher behind a seat of a round table. */
function behindPicker(page, m) {
  const seats = page.s.view.seats;
  const key = `behind:${m.id}`;
  const chosen = held(page, key, seats.map((_, i) => String(i)), String(m.behind));
  const pick = h("select", { class: "behind", "aria-label": `seat ${m.name} behind`,
    onchange: () => hold(page, key, pick.value) },
    ...seats.map((name, i) => h("option", { value: String(i), selected: String(i) === chosen }, name)));
  return h("span", {}, pick, h("button", { type: "button", class: "small sit-behind",
    onclick: () => {
      page.held?.delete(key);
      page.send("invite", { room: page.s.room, member: m.id, seat: Number(pick.value) });
    } }, "Sit behind"));
}
