// A room at "/r/CODE": the table, the turn in words, the last move, the moves one may
// make or propose, proposals and votes, people, chat, the host's controls, and after the
// game its result, the fairness check and the record.

import { Conn } from "./conn.js";
import { fill, h } from "./dom.js";
import { cardText } from "./cards.js";
import { checkFair } from "./fair.js";
import { askHint, canHint, hintPart, shownHint } from "./hint.js";
import { choose, zonesOfMove } from "./moves.js";
import { forgetSeat, getName, getSeat, setName, setSeat } from "./store.js";
import { bestCall, drawnPosition, drawRound, isCall, moveKey, playedCard } from "./round.js";
import { changedZones, drawTable, zoneBox } from "./table.js";

const GONE = new Set(["auth/bad_token", "room/not_found", "room/closed"]);

export class RoomPage {
  constructor(root, code) {
    this.root = root;
    this.code = code.toUpperCase();
    this.s = {
      room: null, member: null, role: null, seats: [], host: false, policy: {}, game: null,
      version: -1, view: null, changed: new Set(), last: null, fair: null, presence: null,
      proposals: { items: [], deadline: null }, chat: [], selected: null, candidates: null,
      targets: new Set(), fairResult: null, record: null, analysis: null, notice: "", ended: "",
      calls: [], cursor: null, hint: null,
    };
    this.conn = null;
    this.retry = 0;
    this.timer = null;
    this.titles = {};
    this.el = {};
    this.build();
  }

  // -- the frame of the page (built once; parts are refilled) ---------------------------

  build() {
    const e = this.el;
    e.title = h("h1", {}, "Sympathy");
    e.code = h("span", { class: "code" }, `Room ${this.code}`);
    e.conn = h("span", { class: "conn", role: "status" }, "connecting");
    e.name = h("input", { class: "my-name", maxlength: 32, placeholder: "your name", "aria-label": "your name", value: getName() });
    e.name.addEventListener("change", () => setName(e.name.value.trim()));
    e.copy = h("button", { type: "button", class: "small", onclick: () => this.copyLink() }, "Copy link");
    e.turn = h("p", { class: "turn", "aria-live": "polite" });
    e.last = h("p", { class: "last" });
    e.call = h("p", { class: "call", "aria-live": "assertive" });
    e.facts = h("p", { class: "facts" });
    e.notice = h("p", { class: "notice", role: "alert" });
    e.table = h("div", { class: "table-wrap" });
    e.actions = h("section", { class: "panel actions" });
    e.proposals = h("section", { class: "panel proposals" });
    e.end = h("section", { class: "panel end" });
    e.people = h("section", { class: "panel people" });
    e.host = h("section", { class: "panel host" });
    e.chatList = h("ol", { class: "chat-lines", "aria-live": "polite" });
    e.chatInput = h("input", { name: "chat", maxlength: 500, placeholder: "Say something", autocomplete: "off" });
    e.chat = h("section", { class: "panel chat" }, h("h2", {}, "Chat"), e.chatList,
      h("form", { onsubmit: (ev) => { ev.preventDefault(); this.sendChat(); } }, e.chatInput, h("button", { type: "submit" }, "Send")));
    this.root.append(
      h("header", { class: "bar" }, h("a", { href: "/", class: "home" }, "Lobby"), e.title, e.code, e.copy, e.name, e.conn),
      h("div", { class: "room" },
        h("main", { class: "board" }, e.turn, e.last, e.call, e.facts, e.notice, e.table),
        h("aside", { class: "side" }, e.end, e.actions, e.proposals, e.people, e.host, e.chat)));
    document.addEventListener("keydown", (ev) => this.key(ev));
  }

  // -- connection -----------------------------------------------------------------------

  async start() {
    this.conn = new Conn((m) => this.on(m), () => this.closed());
    try {
      await this.conn.open(getName());
    } catch (err) { this.setConn("offline"); this.say(err.message); this.reconnect(); return; }
    this.retry = 0;
    this.setConn("connected");
    if (!Object.keys(this.titles).length) {
      try {
        for (const g of (await this.conn.call("games")).games) this.titles[g.id] = g.title;
      } catch { /* the id will do */ }
    }
    const seat = getSeat(this.code);
    if (seat) {
      try {
        const r = await this.conn.call("resume", { room: seat.room, token: seat.token,
          since: this.s.version >= 0 ? this.s.version : undefined });
        this.entered(r);
        return;
      } catch (err) {
        if (!GONE.has(err.code)) { this.say(err.message); return; }
        forgetSeat(this.code);
      }
    }
    await this.join("watcher");
  }

  async join(role) {
    try {
      const j = await this.conn.call("join", { code: this.code, role, name: getName() || undefined });
      setSeat(this.code, j.room, j.token);
      this.entered(j);
      return true;
    } catch (err) {
      this.say(err.code === "room/not_found" ? `There is no room ${this.code}. It may have closed.` : err.message);
      return false;
    }
  }

  entered(j) {
    Object.assign(this.s, { room: j.room, member: j.member, role: j.role, seats: j.seats || [],
      host: !!j.host, policy: j.policy || {}, game: j.game });
    this.render();
  }

  closed() {
    this.setConn("offline");
    if (this.s.ended) return;
    this.reconnect();
  }

  reconnect() {
    if (this.timer) return;  // a failed open both throws and closes: one retry for both
    const wait = Math.min(8000, 500 * 2 ** this.retry++);
    this.timer = setTimeout(() => { this.timer = null; this.start(); }, wait);
  }

  setConn(text) { this.el.conn.textContent = text; this.el.conn.dataset.state = text; }

  say(text) { this.s.notice = text; this.el.notice.textContent = text; }

  // -- messages from the server ---------------------------------------------------------

  on(m) {
    switch (m.type) {
      case "state":
        if (m.version < this.s.version) return;  // versions a page shows only go up
        this.s.changed = this.s.view && m.version !== this.s.version ? changedZones(this.s.view, m.view) : this.s.changed;
        Object.assign(this.s, { version: m.version, view: m.view, last: m.last, fair: m.fair,
          selected: null, candidates: null, targets: new Set(), cursor: null });
        if (m.view.status !== "playing") this.finished();
        else if (this.s.fairResult) Object.assign(this.s, { fairResult: null, record: null, analysis: null });  // a new deal
        break;
      case "presence": this.s.presence = m; this.syncMe(); break;
      case "call":  // a call of a realtime game reached the table: who, first, by how much
        this.s.calls.push(m);
        if (this.s.calls.length > 5) this.s.calls.shift();
        break;
      case "presence_changes":
        if (!this.s.presence || m.seq <= this.s.presence.seq) return;  // a resync's snapshot has them
        this.s.presence = foldPresence(this.s.presence, m); this.syncMe(); break;
      case "proposals": this.s.proposals = m; break;
      case "chat":
        this.s.chat.push(m);
        if (this.s.chat.length > 200) this.s.chat.shift();
        this.drawChat();
        return;
      case "kicked": case "closed": case "replaced":
        this.s.ended = m.message || m.reason || m.type;
        if (m.type !== "replaced") forgetSeat(this.code);
        this.say(m.type === "replaced" ? "This seat was resumed in another window." :
          m.type === "kicked" ? `The host removed you from the room. ${m.message || ""}` :
            `The room is closed. ${m.reason || ""}`);
        this.conn.close();
        break;
      default: return;
    }
    this.render();
  }

  /** Our own line in presence: the host may have moved us to another role or seat. */
  syncMe() {
    const me = this.s.presence?.members.find((x) => x.id === this.s.member);
    if (me) { this.s.role = me.role; this.s.seats = me.seats; this.s.host = me.host; }
  }

  async finished() {
    const { fair, view } = this.s;
    if (!fair || fair.seed === undefined || this.s.fairResult) return;
    this.s.fairResult = { pending: true };
    try {
      this.s.fairResult = await checkFair(view.game, fair);
    } catch (err) { this.s.fairResult = { ok: false, error: err.message }; }
    try { this.s.record = await this.conn.call("record", { room: this.s.room }); } catch { /* not yet */ }
    this.render();
    if (view.layout !== "round") await this.analyse();  // the solver judges patience deals
  }

  /** The solver's analysis of the finished game (the server works it out: up to ten
   * seconds; asked again a few times while the server is busy, after the wait it names). */
  async analyse() {
    this.s.analysis = { pending: true };
    this.render();
    for (let tries = 0; tries < 5; tries++) {
      try {
        const a = await this.conn.call("analysis", { room: this.s.room });
        this.s.analysis = a.stale ? null : a;
        break;
      } catch (err) {
        if (err.code !== "analysis/busy" && err.code !== "service/busy") {
          this.s.analysis = { error: err.message }; break;
        }
        this.s.analysis = { pending: true, busy: true };
        await new Promise((resolve) => setTimeout(resolve, 1000 * (err.retryAfter ?? 2)));
      }
    }
    if (this.s.analysis?.pending) this.s.analysis = { error: "The server was busy; no analysis this time." };
    this.render();
  }

  /** The analysis as the end panel shows it: the deal, the move that lost it, and each
   * proposal judged, a sentence each (the lines the terminal client shows). */
  analysisPart() {
    const a = this.s.analysis;
    if (!a) return null;
    const head = h("h3", {}, "Analysis");
    if (a.pending) return h("section", { class: "analysis pending" }, head, h("p", { class: "muted" }, "The solver is looking at the deal…"));
    if (a.error) return h("section", { class: "analysis" }, head, h("p", { class: "muted" }, `No analysis: ${a.error}`));
    const kind = (line) => (line.startsWith("The game was lost") ? "lost" : line.includes("proposal") ? "proposal" : "deal");
    return h("section", { class: "analysis", dataset: { deal: a.deal, lostAt: a.lost_at === null ? "" : String(a.lost_at) } }, head,
      h("ul", {}, ...a.lines.map((line) => h("li", { class: kind(line) }, line))));
  }

  // -- what we may do -------------------------------------------------------------------

  /** Moves this member may make (player) or propose (advisor): [{code, text, seat}]. */
  myMoves() {
    const { view, role, seats } = this.s;
    if (!view || view.status !== "playing") return [];
    const out = [];
    for (const seat of view.to_move) {
      if (role === "player" && !seats.includes(seat)) continue;
      if (role !== "player" && role !== "advisor") continue;
      for (const m of view.moves[String(seat)] || []) out.push({ ...m, seat });
    }
    return out;
  }

  async act(move) {
    const { room, version, role, proposals } = this.s;
    let type = "propose";
    if (role === "player") type = proposals.items.some((p) => p.move === move.code) ? "take" : "move";
    await this.send(type, { room, version, move: move.code });
  }

  async send(type, fields) {
    try {
      const r = await this.conn.call(type, fields);
      this.say("");
      return r;
    } catch (err) { this.say(err.message); return null; }
  }

  clickZone(id) {
    const moves = this.myMoves();
    if (!moves.length) return;
    const r = choose(this.s.selected, id, moves, this.s.view.zones);
    if (r.act) { this.s.selected = null; this.s.candidates = null; this.s.targets = new Set(); this.act(r.act); }
    else { this.s.selected = r.selected; this.s.candidates = r.selected ? r.candidates : null; this.s.targets = r.targets; }
    this.render();
  }

  key(ev) {
    if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const list = this.s.candidates || this.myMoves();
    if (this.s.view?.layout === "round" && this.roundKey(ev, list)) return;
    if (/^[1-9]$/.test(ev.key) && list[Number(ev.key) - 1]) { ev.preventDefault(); this.act(list[Number(ev.key) - 1]); }
    else if (ev.key === "h" && canHint(this.s)) { ev.preventDefault(); askHint(this); }
    else if (ev.key === "u" && this.canUndo()) { ev.preventDefault(); this.send("undo", { room: this.s.room, version: this.s.version }); }
    else if (ev.key === "t" && this.s.role === "player" && this.s.proposals.items.length) {
      ev.preventDefault();
      this.send("take", { room: this.s.room, version: this.s.version, move: this.s.proposals.items[0].move });
    } else if (ev.key === "Escape") { this.s.selected = null; this.s.candidates = null; this.s.targets = new Set(); this.render(); }
  }

  /** A round table's keys: space calls (Snap), a letter per word move, left/right walk
   * the cards one may play (or the backs one may draw) and Enter plays the one chosen. */
  roundKey(ev, list) {
    const view = this.s.view;
    if (ev.key === " ") {
      if (ev.target.closest && ev.target.closest("button")) ev.target.blur();
      ev.preventDefault();
      const call = bestCall(view, list.filter((m) => isCall(view, m.code)), this.me());
      if (call) this.act(call); else this.say("Nothing to call now.");
      return true;
    }
    const word = list.find((m) => moveKey(view, m.code) === ev.key.toLowerCase() && ev.key !== " ");
    if (word) { ev.preventDefault(); this.act(word); return true; }
    const cards = list.filter((m) => playedCard(m.code) || drawnPosition(m.code) !== null);
    const keyOf = (m) => playedCard(m.code) || m.code;
    if ((ev.key === "ArrowLeft" || ev.key === "ArrowRight") && cards.length) {
      ev.preventDefault();
      const at = cards.findIndex((m) => keyOf(m) === this.s.cursor);
      const step = ev.key === "ArrowRight" ? 1 : -1;
      const next = at < 0 ? (step > 0 ? 0 : cards.length - 1) : (at + step + cards.length) % cards.length;
      this.s.cursor = keyOf(cards[next]);
      this.say(cards[next].text);
      this.render();
      return true;
    }
    if (ev.key === "Enter" && this.s.cursor && !(ev.target.closest && ev.target.closest("button"))) {
      const chosen = cards.find((m) => keyOf(m) === this.s.cursor);
      if (chosen) { ev.preventDefault(); this.act(chosen); return true; }
    }
    return false;
  }

  /** The seat whose view this member sees (a player's seat, or the seat an advisor sits
   * behind), or null. */
  me() {
    if (this.s.role === "player" && this.s.seats.length) return this.s.seats[0];
    const behind = this.s.presence?.members.find((x) => x.id === this.s.member)?.behind;
    return this.s.role === "advisor" && Number.isInteger(behind) ? behind : null;  // an advisor sees that seat's view
  }

  canUndo() {
    return this.s.role === "player" && this.s.policy.undo !== "off" && this.s.version > 0 && this.s.view?.status === "playing"
      && this.s.view.layout !== "round";  // never at a competitive table
  }

  sendChat() {
    const text = this.el.chatInput.value.trim();
    if (!text || !this.s.room) return;
    this.el.chatInput.value = "";
    this.send("chat", { room: this.s.room, text });
  }

  async switchRole(role) {
    if (!(await this.send("leave", { room: this.s.room }))) return;
    forgetSeat(this.code);
    if (!(await this.join(role))) await this.join("watcher");
  }

  copyLink() {
    const url = `${location.origin}/r/${this.code}`;
    navigator.clipboard?.writeText(url).then(() => this.say(`Link copied: ${url}`), () => this.say(url));
  }

  // -- drawing --------------------------------------------------------------------------

  names(seat) {
    const members = this.s.presence?.members || [];
    return members.filter((m) => m.role === "player" && m.seats.includes(seat)).map((m) => m.name);
  }

  seatWords(seat) {
    const view = this.s.view;
    const seatName = view.seats[seat] ?? String(seat);
    const who = this.names(seat);
    const mine = this.s.role === "player" && this.s.seats.includes(seat);
    if (mine) return view.seats.length > 1 ? `you (${seatName})` : "you";
    if (!who.length) return view.seats.length > 1 ? `${seatName} (empty seat)` : "nobody yet (the seat is free)";
    if (who.length === 1 && who[0].endsWith(`(${seatName})`)) return who[0];  // "Computer (East)"
    return view.seats.length > 1 ? `${seatName}, ${who.join(" and ")}` : who.join(" and ");
  }

  turnText() {
    const view = this.s.view;
    if (!view) return "Waiting for the table…";
    if (view.status !== "playing") return `${view.status === "won" ? "Won" : "Over"}: ${view.result || ""}`;
    const who = view.to_move.map((s) => this.seatWords(s));
    if (!who.length) return "Nobody is to move.";
    const us = who.some((w) => w.startsWith("you"));
    return us && who.length === 1 ? `Your turn${view.seats.length > 1 ? ` (${view.seats[view.to_move[0]]})` : ""}.` : `To move: ${who.join("; ")}.`;
  }

  groupTitle(name) {
    const view = this.s.view;
    const seat = view.seats.indexOf(name);
    if (seat >= 0 && view.seats.length > 1) {
      const who = this.names(seat);
      return `${name}: ${who.length ? who.join(", ") : "empty seat"}`;
    }
    return name;
  }

  render() {
    const s = this.s;
    const e = this.el;
    if (s.view) {
      const id = s.game || s.view.game;
      const title = this.titles[id] || id.replace(/_/g, " ");
      e.title.textContent = title[0].toUpperCase() + title.slice(1);
      document.title = `${e.title.textContent} · ${this.code}`;
    }
    e.turn.textContent = this.turnText();
    e.turn.dataset.mine = String(this.turnText().startsWith("Your turn"));
    const last = s.last;
    fill(e.last, last ? [h("span", { class: "label" }, last.kind === "undo" ? "Undone: " : "Last move: "),
      last.text || last.move, h("span", { class: "muted" }, ` (${last.by}${last.advised_by?.length ? `, advised by ${last.advised_by.join(", ")}` : ""})`)] : null);
    e.notice.textContent = s.notice;
    const round = s.view?.layout === "round";
    const { match, ...own } = s.view?.public || {};
    e.facts.textContent = s.view ? facts(round ? own : s.view.public) : "";
    const call = s.calls.length ? s.calls[s.calls.length - 1] : null;
    fill(e.call, call && round ? [h("span", { class: "label" }, "Call: "), call.text] : null);
    if (s.view && round) {
      const zctx = { changed: s.changed, selected: null, targets: new Set(), actionable: new Set(), onZone: () => {} };
      fill(e.table, drawRound(s.view, {
        me: this.me(), seatTitle: (seat) => this.seatWords(seat), moves: this.myMoves(), cursor: s.cursor,
        act: (m) => this.act(m), zoneEl: (z, label) => zoneBox(z, label, zctx),
      }));
      e.table.dataset.version = String(s.version);
    } else if (s.view) {
      const mine = this.myMoves();
      const actionable = new Set();
      for (const m of mine) for (const z of zonesOfMove(m, s.view.zones, m.seat)) actionable.add(z);
      fill(e.table, drawTable(s.view, {
        changed: s.changed, selected: s.selected, targets: s.targets, actionable,
        onZone: (id) => this.clickZone(id), groupTitle: (n) => this.groupTitle(n),
      }));
      e.table.dataset.version = String(s.version);
    }
    this.drawActions();
    this.drawProposals();
    this.drawEnd();
    this.drawPeople();
    this.drawHost();
  }

  drawActions() {
    const s = this.s;
    const e = this.el.actions;
    const role = s.role;
    const parts = [h("h2", {}, role === "player" ? "Your moves" : role === "advisor" ? "Propose a move" : "Watching")];
    if (role === "watcher") {
      parts.push(h("p", { class: "muted" }, "You are watching. "),
        h("div", { class: "buttons" },
          s.policy.advice !== "nobody" ? h("button", { type: "button", onclick: () => this.switchRole("advisor") }, "Advise") : null,
          this.freeSeat() ? h("button", { type: "button", onclick: () => this.switchRole("player") }, "Take a seat") : null));
    } else if (s.view && s.view.status === "playing") {
      const list = s.candidates || this.myMoves();
      if (s.candidates) parts.push(h("p", { class: "muted" }, "Choose where, or pick below (Esc to clear)."));
      if (!list.length) parts.push(h("p", { class: "muted" }, role === "player" ? "Not your turn." : "No move to propose now."));
      const hinted = shownHint(s)?.move;
      parts.push(h("ol", { class: "moves" }, ...list.map((m, i) => h("li", {},
        h("button", { type: "button", class: m.code === hinted ? "move hinted" : "move", dataset: { move: m.code }, onclick: () => this.act(m) },
          i < 9 ? h("kbd", {}, String(i + 1)) : null, playedCard(m.code) ? h("b", { class: "card-of-move" }, ` ${cardText(playedCard(m.code))}:`) : null, ` ${m.text}`,
          moveKey(s.view, m.code) ? h("kbd", { class: "key" }, moveKey(s.view, m.code) === " " ? "space" : moveKey(s.view, m.code)) : null,
          m.code === hinted ? h("span", { class: "hint-mark" }, " ← hint") : null)))));
      parts.push(hintPart(this));
      if (role === "player") {
        parts.push(h("div", { class: "buttons" },
          this.canUndo() ? h("button", { type: "button", class: "undo", onclick: () => this.send("undo", { room: s.room, version: s.version }) }, h("kbd", {}, "u"), " Undo") : null,
          s.policy.advice_mode === "vote" && s.proposals.items.length ? h("button", { type: "button", class: "vote", onclick: () => this.send("vote", { room: s.room, version: s.version }) }, "Play the vote") : null));
      }
      if (role === "advisor" && s.policy.advice === "invited") parts.push(h("p", { class: "muted" }, "At this table the host invites advisors."));
    }
    if (role && role !== "watcher") parts.push(h("p", { class: "buttons" }, h("button", { type: "button", class: "small", onclick: () => this.switchRole("watcher") }, "Just watch")));
    fill(e, ...parts);
  }

  freeSeat() {
    const v = this.s.view;
    if (!v || this.s.presence?.locked) return false;
    const taken = new Set((this.s.presence?.members || []).filter((m) => m.role === "player").flatMap((m) => m.seats));
    return v.seats.some((_, i) => !taken.has(i));
  }

  drawProposals() {
    const s = this.s;
    const e = this.el.proposals;
    if (s.role !== "player" && s.role !== "advisor") { fill(e); e.hidden = true; return; }
    e.hidden = false;
    const items = s.proposals.items || [];
    fill(e, h("h2", {}, "Proposals"),
      items.length ? h("ol", { class: "proposal-list" }, ...items.map((p, i) => h("li", { dataset: { move: p.move } },
        h("span", { class: "ptext" }, p.text), " ",
        h("span", { class: "muted" }, `by ${p.by.join(", ")} · ${p.votes} vote${p.votes === 1 ? "" : "s"}`), " ",
        s.role === "player" ? h("button", { type: "button", class: "take", onclick: () => this.send("take", { room: s.room, version: s.version, move: p.move }) }, i === 0 ? "Take (t)" : "Take")
          : h("button", { type: "button", class: "small second", title: "propose it too: one more vote", onclick: () => this.send("propose", { room: s.room, version: s.version, move: p.move }) }, "+1"))))
        : h("p", { class: "muted" }, "No proposals."),
      s.proposals.deadline ? h("p", { class: "muted" }, `The vote is played at ${new Date(s.proposals.deadline * 1000).toLocaleTimeString()}.`) : null);
  }

  drawEnd() {
    const s = this.s;
    const e = this.el.end;
    if (!s.view || s.view.status === "playing") { fill(e); e.hidden = true; return; }
    e.hidden = false;
    const f = s.fairResult;
    const fairText = !f || f.pending ? "Checking the deal…" : f.ok
      ? "The revealed seed matches the commitment published at the start: the deal was fixed before play."
      : "The revealed seed does NOT match the published commitment.";
    const parts = [h("h2", {}, s.view.status === "won" ? "Won" : "Game over"), h("p", { class: "result" }, s.view.result || ""),
      h("p", { class: `fair ${f && !f.pending ? (f.ok ? "ok" : "bad") : ""}` }, fairText),
      s.fair?.seed !== undefined ? h("p", { class: "muted seed" }, `Seed ${String(s.fair.seed)}, salt ${s.fair.salt}, commitment ${s.fair.commitment}`) : null];
    if (s.record) parts.push(h("p", {}, h("button", { type: "button", class: "download", onclick: () => this.download() }, "Download the record")));
    parts.push(this.analysisPart());
    fill(e, ...parts);
  }

  download() {
    const r = this.s.record;
    // Record.from_dict reads game, options, seed and moves [[seat, code]]; the rest rides along
    const data = { game: r.game, options: r.options, seed: r.seed, salt: r.salt, commitment: r.commitment,
      result: r.result, moves: r.moves.map((m) => [m.seat, m.move]), history: r.moves };
    const text = JSON.stringify(data, (_, v) => (typeof v === "bigint" ? `#big:${v}` : v), 2)
      .replace(/"#big:(-?\d+)"/g, "$1");
    const a = h("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: `${r.game}-${this.code}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  drawPeople() {
    const p = this.s.presence;
    const e = this.el.people;
    if (!p) { fill(e); return; }
    const c = p.counts;
    const seatNames = this.s.view?.seats || [];
    fill(e, h("h2", {}, "People"),
      h("p", { class: "muted" }, `${c.player} playing · ${c.advisor} advising · ${c.watcher} watching${p.locked ? " · locked" : ""}`),
      h("ul", { class: "members" }, ...p.members.map((m) => h("li", { dataset: { member: m.id }, class: m.connected ? "on" : "off" },
        h("span", { class: "dot", title: m.connected ? "connected" : "away" }), " ",
        h("span", { class: "name" }, m.name), m.id === this.s.member ? " (you)" : "", " ",
        h("span", { class: "muted" }, `${m.role}${m.seats.length && seatNames.length > 1 ? ` ${m.seats.map((x) => seatNames[x]).join("+")}` : ""}${m.behind !== null && m.behind !== undefined ? ` behind ${seatNames[m.behind] ?? m.behind}` : ""}${m.host ? " · host" : ""}`),
        this.s.host && m.id !== this.s.member ? this.hostButtons(m) : null))));
  }

  hostButtons(m) {
    const room = this.s.room;
    return h("span", { class: "host-buttons" },
      m.role === "advisor" && this.s.policy.advice === "invited" ? h("button", { type: "button", class: "small", onclick: () => this.send("invite", { room, member: m.id }) }, "Invite") : null,
      this.s.view?.layout === "round" && m.role !== "player" ? this.behindPicker(m) : null,
      h("button", { type: "button", class: "small kick", onclick: () => this.send("kick", { room, member: m.id }) }, "Kick"));
  }

  /** The host seats an advisor or a watcher behind a seat of a round table. */
  behindPicker(m) {
    const seats = this.s.view.seats;
    const pick = h("select", { class: "behind", "aria-label": `seat ${m.name} behind` },
      ...seats.map((name, i) => h("option", { value: String(i), selected: m.behind === i }, name)));
    return h("span", {}, pick, h("button", { type: "button", class: "small sit-behind",
      onclick: () => this.send("invite", { room: this.s.room, member: m.id, seat: Number(pick.value) }) }, "Sit behind"));
  }

  drawHost() {
    const e = this.el.host;
    if (!this.s.host) { fill(e); e.hidden = true; return; }
    e.hidden = false;
    const locked = !!this.s.presence?.locked;
    fill(e, h("h2", {}, "Host"),
      h("div", { class: "buttons" },
        h("button", { type: "button", class: "lock", onclick: () => this.send("lock", { room: this.s.room, locked: !locked }) }, locked ? "Unlock the room" : "Lock the room"),
        h("button", { type: "button", class: "close danger", onclick: () => { if (confirm("Close the room for everyone?")) this.send("close", { room: this.s.room }); } }, "Close the room")),
      this.s.view?.layout === "round" && this.freeSeat() ? h("div", { class: "buttons" },
        h("button", { type: "button", class: "bots", onclick: () => this.send("bot", { room: this.s.room }) }, "Computer players in the empty seats")) : null,
      h("p", { class: "muted" }, "Share the link to invite people; kick or invite them from the list above."));
  }

  drawChat() {
    fill(this.el.chatList, ...this.s.chat.map((m) => h("li", {},
      h("span", { class: "from" }, m.from), h("span", { class: "muted" }, ` (${m.role}) `), h("span", { class: "text" }, m.text))));
    this.el.chatList.scrollTop = this.el.chatList.scrollHeight;
  }
}

/** A presence after `presence_changes` (protocol/README.md, Presence): entries replaced
 * or added by id (new ones at the end), the `gone` ids dropped, header and counts taken. */
export function foldPresence(p, m) {
  const byId = new Map(p.members.map((x) => [x.id, x]));
  for (const x of m.members) byId.set(x.id, x);
  for (const id of m.gone) byId.delete(id);
  return { ...p, seq: m.seq, host: m.host, locked: m.locked, counts: m.counts, members: [...byId.values()] };
}

/** The game's public facts beyond the cards, as one line: "phase opening · pairs 0". */
export function facts(pub) {
  const word = (v) => (v === null || v === undefined ? "—" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v));
  const out = [];
  for (const [k, v] of Object.entries(pub || {})) {
    const name = k.replace(/_/g, " ");
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      out.push(`${name} ${Object.entries(v).map(([a, b]) => `${a}: ${word(b)}`).join(", ")}`);
    } else if (Array.isArray(v)) out.push(`${name} ${v.length ? v.map(word).join(", ") : "none"}`);
    else out.push(`${name} ${word(v)}`);
  }
  return out.join(" · ");
}

export function room(root, code) {
  const page = new RoomPage(root, code);
  page.start();
  return page;
}
