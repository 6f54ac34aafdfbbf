// The lobby at "/": public rooms, a room by its code, a new room.

import { mineSection, showDaily, showMine } from "./mine.js";
import { Conn } from "./conn.js";
import { fill, h } from "./dom.js";
import { showGuide } from "./guide.js";
import { getName, setName, setSeat } from "./store.js";

const KINDS = [["", "any number"], ["solo", "one player"], ["two", "two players"], ["party", "two or more"]];
const LEVELS = [["", "any"], ["easy", "easy"], ["medium", "medium"], ["hard", "hard"]];
const KIND_WORDS = { solo: "one player", two: "two players", party: "two or more players" };

/** Whether game ``g`` passes the lobby's search and filters. */
export function matches(g, { text, book, kind, level }) {
  const words = (text || "").toLowerCase().split(/\s+/).filter(Boolean);
  const hay = `${g.title} ${g.book_title || ""} ${g.summary || ""} ${g.book}`.toLowerCase();
  return words.every((w) => hay.includes(w)) && (!book || g.book === book) &&
    (!kind || g.kind === kind) && (!level || g.difficulty === level);
}

const CODE = /^[A-Za-z0-9]{4,16}$/;

export async function lobby(root) {
  const mine = mineSection();
  const status = h("p", { class: "status", role: "status" }, "Connecting…");
  const rooms = h("div", { class: "rooms" });
  const name = h("input", { id: "name", maxlength: 32, autocomplete: "nickname", value: getName(), placeholder: "your name" });
  name.addEventListener("change", () => setName(name.value.trim()));
  const code = h("input", { id: "code", maxlength: 16, placeholder: "K3MX9Q", autocapitalize: "characters" });
  const joinForm = h("form", { class: "join-code", onsubmit: (ev) => {
    ev.preventDefault();
    const c = code.value.trim().toUpperCase();
    if (CODE.test(c)) location.assign(`/r/${encodeURIComponent(c)}`);
    else status.textContent = "A room code is letters and digits, like K3MX9Q.";
  } }, h("label", { for: "code" }, "Room code "), code, h("button", { type: "submit" }, "Go"));

  const game = h("select", { id: "game", "aria-describedby": "game-about" });
  const search = h("input", { id: "game-search", type: "search", placeholder: "a name or a word", autocomplete: "off" });
  const book = h("select", { id: "filter-book" }, h("option", { value: "" }, "any book"));
  const kind = h("select", { id: "filter-kind" }, ...KINDS.map(([v, t]) => h("option", { value: v }, t)));
  const level = h("select", { id: "filter-difficulty" }, ...LEVELS.map(([v, t]) => h("option", { value: v }, t)));
  const found = h("p", { class: "found muted", role: "status" });
  const about = h("div", { id: "game-about", class: "game-about" });
  const picker = h("fieldset", { class: "picker" }, h("legend", {}, "Find a game"),
    h("label", { for: "game-search" }, "Search"), search,
    h("label", { for: "filter-book" }, "Book"), book,
    h("label", { for: "filter-kind" }, "Players"), kind,
    h("label", { for: "filter-difficulty" }, "Difficulty"), level, found);
  const select = (id, label, opts) => [h("label", { for: id }, label),
    h("select", { id }, ...opts.map(([v, t]) => h("option", { value: v }, t)))];
  const opts = h("fieldset", { class: "options" });
  // winnable deals only: shown for the games whose deals the server's solver proves
  const winnable = h("input", { id: "winnable", type: "checkbox", "aria-describedby": "winnable-about" });
  const winnableRow = [h("label", { for: "winnable" }, "Winnable deals only"), winnable,
    h("p", { id: "winnable-about", class: "option-about muted" }, "Every deal at this table is one the computer has proved can be won, with every card known. It stays secret until the game ends, as every deal does.")];
  const form = h("form", { class: "create" },
    picker, h("label", { for: "game" }, "Game"), game, about, opts,
    ...select("visibility", "Listed", [["public", "in the lobby"], ["unlisted", "by link only"]]),
    ...select("advice", "Advice from", [["anyone", "anyone"], ["invited", "invited advisors"], ["nobody", "nobody"]]),
    ...select("advice_mode", "Advice", [["player", "the player chooses"], ["vote", "the table votes"]]),
    ...select("undo", "Undo", [["on", "on (never past a shown card)"], ["past_reveal", "always"], ["off", "off"]]),
    ...select("hints", "Hints for", [["player", "the player"], ["all", "the player and advisors"], ["off", "nobody (hints off)"]]),
    ...select("autodrop", "Safe moves", [["off", "the player plays them"], ["on", "play themselves"]]),
    ...select("seats", "Seats", [["one", "I play one seat"], ["all", "I play every seat"]]),
    ...select("think_ms", "Computer players", [["1000", "think a second"], ["300", "think briefly"], ["0", "play at once"]]),
    ...winnableRow,
    h("label", { for: "deal" }, "Deal number"),
    h("input", { id: "deal", inputmode: "numeric", pattern: "[0-9]{1,20}", placeholder: "a secret random deal" }),
    h("button", { type: "submit" }, "Open a room"),
    h("button", { type: "button", id: "daily", class: "daily", onclick: () => create(true) }, "Play the deal of the day"));
  const dailyBoard = h("section", { class: "daily-board", hidden: true });
  root.append(h("main", { class: "lobby" },
    h("h1", {}, "Sympathy"), h("p", { class: "lede" }, "Patience games from the old card books, played together."),
    h("p", {}, h("label", { for: "name" }, "Your name "), name),
    joinForm, h("h2", {}, "Open a room"), form, dailyBoard, h("h2", {}, "Public rooms"), rooms, status, mine));

  const conn = new Conn(() => {}, () => { status.textContent = "Disconnected from the server; reload to try again."; });
  try {
    await conn.open(getName());
  } catch (err) { status.textContent = err.message; return; }
  status.textContent = "";
  showMine(mine, conn);
  const { games } = await conn.call("games");
  const byId = new Map(games.map((g) => [g.id, g]));
  for (const b of [...new Set(games.map((g) => g.book))].sort()) book.append(h("option", { value: b }, b));
  const seatsOf = (g) => (g.min_seats && g.max_seats && g.min_seats !== g.max_seats ? `${g.min_seats}-${g.max_seats}` : g.seats);
  // the games that pass the search and the filters, the chosen one kept when it passes
  const refill = () => {
    const want = { text: search.value, book: book.value, kind: kind.value, level: level.value };
    const shown = games.filter((g) => matches(g, want));
    const keep = game.value;
    fill(game, ...shown.map((g) => h("option", { value: g.id, title: g.summary || null }, `${g.title}${g.seats > 1 ? ` (${seatsOf(g)} players)` : ""}`)));
    if (shown.some((g) => g.id === keep)) game.value = keep;
    found.textContent = shown.length === games.length ? `${games.length} games` : `${shown.length} of ${games.length} games`;
    game.disabled = !shown.length;
    form.querySelector("button[type=submit]").disabled = !shown.length;
    showOptions();
  };
  // the chosen game in a sentence, its kind, difficulty and book, and how to play it
  const describe = () => {
    const g = byId.get(game.value);
    if (!g) { fill(about, h("p", { class: "muted" }, "No game matches: clear the search or a filter.")); return; }
    const tags = [KIND_WORDS[g.kind], g.difficulty ? `${g.difficulty} difficulty` : null, g.book].filter(Boolean);
    fill(about, h("p", { class: "summary" }, g.summary),
      h("p", { class: "tags muted" }, tags.join(" · ")),
      h("button", { type: "button", id: "how-to-play", class: "small", onclick: () => showGuide(conn, g.id) }, `How to play ${g.title}`));
  };
  // the chosen game's table options, each with its plain label and a sentence
  const showOptions = () => {
    const g = byId.get(game.value);
    fill(opts, ...(g?.options || []).flatMap((o) => {
      const id = `opt-${o.name}`;
      const label = h("label", { for: id }, o.label || o.name.replace(/_/g, " "));
      const words = new Map((o.choice_labels || []).map(([v, t]) => [String(v), t]));
      let input;
      if (o.choices && o.choices.length) {
        input = h("select", { id, dataset: { option: o.name }, "aria-describedby": `${id}-about` }, ...o.choices.map((c) => h("option", { value: String(c), selected: c === o.default }, words.get(String(c)) || String(c))));
      } else if (typeof o.default === "boolean") {
        input = h("input", { id, type: "checkbox", checked: o.default, dataset: { option: o.name }, "aria-describedby": `${id}-about` });
      } else {
        input = h("input", { id, value: String(o.default), inputmode: typeof o.default === "number" ? "numeric" : "text", size: 8, dataset: { option: o.name }, "aria-describedby": `${id}-about` });
      }
      return [label, input, h("p", { id: `${id}-about`, class: "option-about muted" }, o.about || o.doc || "")];
    }));
    opts.hidden = !(g?.options || []).length;
    for (const e of winnableRow) e.hidden = !g?.winnable;
    if (!g?.winnable) winnable.checked = false;
    syncDeal();
    describe();
  };
  // a table of winnable deals only is dealt the server's proved deals: no number typed
  const syncDeal = () => {
    const d = form.querySelector("#deal");
    d.disabled = winnable.checked;
    d.placeholder = winnable.checked ? "a secret deal that can be won" : "a secret random deal";
  };
  winnable.addEventListener("change", syncDeal);
  game.addEventListener("change", showOptions);
  game.addEventListener("change", () => showDaily(dailyBoard, conn, game.value));
  for (const f of [book, kind, level]) f.addEventListener("change", refill);
  search.addEventListener("input", refill);
  refill();
  showDaily(dailyBoard, conn, game.value);
  const chosenOptions = () => {
    const g = byId.get(game.value);
    const out = {};
    for (const o of g?.options || []) {
      const e = opts.querySelector(`[data-option="${o.name}"]`);
      if (!e) continue;
      let v = e.type === "checkbox" ? e.checked : e.value;
      if (typeof o.default === "number" && typeof v === "string" && /^-?\d+$/.test(v.trim())) v = Number(v);
      if (typeof o.default === "boolean" && typeof v === "string") v = v === "true";  // a yes/no offered as a list
      if (v !== o.default && String(v) !== String(o.default)) out[o.name] = v;
    }
    return out;
  };
  form.addEventListener("submit", (ev) => { ev.preventDefault(); create(false); });
  // a room for the chosen game: the deal number typed, a secret one, or the day's
  const create = async (daily) => {
    setName(name.value.trim());
    const val = (id) => form.querySelector(`#${id}`).value;
    const proved = !daily && winnable.checked && byId.get(game.value)?.winnable;
    const deal = daily || proved ? "" : val("deal").trim();
    if (deal && !/^[0-9]{1,20}$/.test(deal)) { status.textContent = "A deal number is a whole number."; return; }
    try {
      const j = await conn.call("create", { game: game.value, name: name.value.trim() || undefined,
        visibility: val("visibility"), advice: val("advice"), advice_mode: val("advice_mode"),
        // the deal of the day is everyone's by the game's own rules, with no peeking
        undo: daily && val("undo") === "past_reveal" ? "on" : val("undo"), hints: val("hints"), autodrop: val("autodrop") === "on", seats: val("seats"),
        options: daily ? undefined : chosenOptions(), think_ms: Number(val("think_ms")),
        deal: deal ? BigInt(deal) : undefined, daily: daily || undefined, winnable: proved || undefined });
      setSeat(j.code, j.room, j.token);
      location.assign(`/r/${encodeURIComponent(j.code)}`);
    } catch (err) { status.textContent = err.message; }
  };

  const refresh = async () => {
    try {
      const { rooms: list } = await conn.call("lobby");
      if (!list.length) { fill(rooms, h("p", { class: "muted" }, "No public rooms just now.")); return; }
      fill(rooms, h("ul", {}, ...list.map((r) => h("li", {},
        h("a", { href: `/r/${encodeURIComponent(r.code)}` }, r.title), " ",
        h("span", { class: "muted" }, `${r.code} · seats ${r.seats[0]}/${r.seats[1]} · ${r.advisors} advising · ${r.watchers} watching · ${r.status}${r.locked ? " · locked" : ""}`)))));
    } catch { /* the close handler says so */ }
  };
  await refresh();
  setInterval(refresh, 5000);
}
