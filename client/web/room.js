// A room at "/r/CODE": the table, the turn in words, the last move, the moves one may
// make or propose, proposals and votes, people, chat, the host's controls (host.js), and
// after the game its result, the fairness check and the record (end.js). The connection
// line says what is true: connecting, connected to the room, offline and trying again,
// or out of the room (closed, gone, removed), and then the board is dead and the page
// offers the lobby.

import { ask } from "./ask.js";
import { chime } from "./chime.js";
import { Conn } from "./conn.js";
import { fill, h } from "./dom.js";
import { showGuide } from "./guide.js";
import { endParts, finished } from "./end.js";
import { NO_CHOICE, choiceOnTable, chosen, clicked, dragOnTable } from "./hand.js";
import { hostPanel } from "./host.js";
import { onKey } from "./keys.js";
import { endingQuestion } from "./moves.js";
import { cardPlaces, slide } from "./motion.js";
import { drawActions, drawChat, drawPeople, drawProposals, drawWaiting, drawWhich, foldPresence } from "./panels.js";
import { isEnding } from "./point.js";
import { forgetSeat, getName, getSeat, getSound, setName, setSeat, setSound } from "./store.js";
import { dealEnded, drawDealOver, drawRound, offeredCalls } from "./round.js";
import { changedZones, drawTable, zoneBox } from "./table.js";
import { callText, factName, factsLine, mine, namesIn, seatWords, turnText } from "./words.js";

const GONE = new Set(["auth/bad_token", "room/not_found", "room/closed"]);
const CONN_WORDS = { connecting: "connecting…", connected: "connected", offline: "offline: trying again…", out: "not in the room" };

export class RoomPage {
  constructor(root, code) {
    this.root = root;
    this.code = code.toUpperCase();
    this.s = {
      room: null, member: null, role: null, seats: [], host: false, policy: {}, game: null,
      version: -1, view: null, changed: new Set(), last: null, fair: null, presence: null, tally: {},
      proposals: { items: [], deadline: null }, chat: [], ...NO_CHOICE, fairResult: null, record: null, analysis: null, notice: "", ended: "",
      calls: [], cursor: null, hint: null, kept: [],
    };
    this.conn = null;
    this.retry = 0;
    this.timer = null;
    this.games = {};
    this.el = {};
    this.lastPoint = null;  // {at, when, sent}: the last click on the table (hand.js)
    this.before = null;     // where the cards were drawn before a new state (motion.js)
    this.build();
  }

  // -- the frame of the page (built once; parts are refilled) ---------------------------

  build() {
    const e = this.el;
    e.title = h("h1", {}, "Sympathy");
    e.code = h("span", { class: "code" }, `Room ${this.code}`);
    e.conn = h("span", { class: "conn", role: "status" });
    e.name = h("input", { class: "my-name", maxlength: 32, placeholder: "your name", "aria-label": "your name", value: getName() });
    e.name.addEventListener("change", () => setName(e.name.value.trim()));
    e.copy = h("button", { type: "button", class: "small", onclick: () => this.copyLink() }, "Copy link");
    e.how = h("button", { type: "button", class: "small how-to-play", onclick: () => this.howToPlay() }, "How to play");
    e.turn = h("p", { class: "turn", "aria-live": "polite" });
    e.waiting = h("section", { class: "waiting", hidden: true });
    e.last = h("p", { class: "last" });
    e.call = h("p", { class: "call", "aria-live": "assertive" });
    e.facts = h("p", { class: "facts" });
    e.notice = h("p", { class: "notice", role: "alert" });
    e.which = h("section", { class: "which", hidden: true, "aria-label": "which move?" });
    e.sound = h("button", { type: "button", class: "small sound", "aria-pressed": String(getSound()),
      onclick: () => { setSound(!getSound()); this.render(); } });
    e.out = h("section", { class: "out", role: "alert", hidden: true });
    e.dealOver = h("section", { class: "deal-over", role: "status", hidden: true });
    e.table = h("div", { class: "table-wrap" });
    e.actions = h("section", { class: "panel actions" });
    e.proposals = h("section", { class: "panel proposals" });
    e.end = h("section", { class: "panel end" });
    e.people = h("section", { class: "panel people" });
    e.host = h("section", { class: "panel host" });
    e.chatList = h("ol", { class: "chat-lines", "aria-live": "polite" });
    e.chatInput = h("input", { name: "chat", maxlength: 500, placeholder: "Say something", "aria-label": "chat line", autocomplete: "off" });
    e.chatForm = h("form", { onsubmit: (ev) => { ev.preventDefault(); this.sendChat(); } }, e.chatInput, h("button", { type: "submit" }, "Send"));
    e.chat = h("section", { class: "panel chat" }, h("h2", {}, "Chat"), e.chatList, e.chatForm);
    this.root.append(
      h("header", { class: "bar" }, h("a", { href: "/", class: "home" }, "Lobby"), e.title, e.how, e.code, e.copy, e.sound, e.name, e.conn),
      h("div", { class: "room" },
        h("main", { class: "board" }, e.turn, e.waiting, e.out, e.dealOver, e.last, e.call, e.facts, e.notice, e.which, e.table),
        h("aside", { class: "side" }, e.end, e.actions, e.proposals, e.people, e.host, e.chat)));
    document.addEventListener("keydown", (ev) => onKey(this, ev));
    dragOnTable(this);
    this.setConn("connecting");
  }

  /** How to play this table's game, in a dialog over the table (guide.js). */
  howToPlay() {
    const id = this.s.game || this.s.view?.game;
    if (id && this.conn) showGuide(this.conn, id);
  }

  // -- connection -----------------------------------------------------------------------

  async start() {
    if (this.s.ended) return;
    this.setConn(this.retry ? "offline" : "connecting");
    this.conn = new Conn((m) => this.on(m), () => this.closed());
    try {
      await this.conn.open(getName());
    } catch (err) {
      this.setConn("offline");
      this.say(`${err.message} Trying again…`);
      this.reconnect();
      return;
    }
    if (!Object.keys(this.games).length) {
      try {
        for (const g of (await this.conn.call("games")).games) this.games[g.id] = g;
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
        if (!GONE.has(err.code)) { this.say(`${err.message} Trying again…`); this.conn.close(); return; }
        forgetSeat(this.code);
        if (this.s.view) { this.out(err.code === "room/closed" ? "The host closed the room." : "This room is gone: it was closed, or nobody was in it for a long while."); return; }
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
      if (this.s.room) { this.say(err.message); return false; }
      this.out(err.code === "room/not_found" ? `There is no room ${this.code}. It may have closed, or the code may be mistyped.`
        : err.code === "room/locked" ? `The host has locked room ${this.code}: nobody new may come in.` : err.message,
      err.code === "room/locked");
      return false;
    }
  }

  entered(j) {
    this.retry = 0;
    Object.assign(this.s, { room: j.room, member: j.member, role: j.role, seats: j.seats || [],
      host: !!j.host, policy: j.policy || {}, game: j.game });
    this.setConn("connected");
    this.say("");  // whatever went wrong on the way here is over
    this.render();
  }

  /** The page is out of the room for good (closed, gone, removed, locked out): the
   * board is dead, the host's controls go, and the page offers the lobby. */
  out(reason, retry = false) {
    Object.assign(this.s, { ended: reason, host: false, ...NO_CHOICE });
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.setConn("out");
    if (this.conn) { this.conn.onClose = () => {}; this.conn.close(); }
    fill(this.el.out, h("p", {}, reason),
      h("p", { class: "buttons" }, h("a", { href: "/", class: "button to-lobby" }, "Back to the lobby"),
        retry ? h("button", { type: "button", class: "retry", onclick: () => location.reload() }, "Try again") : null));
    this.el.out.hidden = false;
    this.say("");
    this.render();
  }

  closed() {
    if (this.s.ended) return;
    this.setConn("offline");
    this.reconnect();
  }

  reconnect() {
    if (this.timer || this.s.ended) return;  // a failed open both throws and closes: one retry for both
    const wait = Math.min(8000, 500 * 2 ** this.retry++);
    this.timer = setTimeout(() => { this.timer = null; this.start(); }, wait);
  }

  setConn(state) { this.el.conn.textContent = CONN_WORDS[state]; this.el.conn.dataset.state = state; }

  say(text) { this.s.notice = text; this.el.notice.textContent = text; }

  // -- messages from the server ---------------------------------------------------------

  on(m) {
    switch (m.type) {
      case "state": {
        if (m.version < this.s.version) return;  // versions a page shows only go up
        const wasMine = this.myTurn();
        this.s.dealOver = dealEnded(this.s.view, m.view) || this.s.dealOver;
        if (this.s.view && m.version !== this.s.version) {
          this.s.changed = changedZones(this.s.view, m.view);
          this.before = cardPlaces(this.el.table);
        }
        Object.assign(this.s, { version: m.version, view: m.view, last: m.last, log: m.log || [], fair: m.fair, tally: m.tally || {},
          ...NO_CHOICE, cursor: null });
        if (!wasMine && this.myTurn() && getSound()) this.el.sound.dataset.chimes = String(chime());
        if (m.view.status !== "playing") finished(this);
        else if (this.s.fairResult) Object.assign(this.s, { fairResult: null, record: null, analysis: null, calls: [] });  // a new deal
        break;
      }
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
        drawChat(this);
        return;
      case "kicked": case "closed": case "replaced":
        if (m.type !== "replaced") forgetSeat(this.code);
        this.out(m.type === "replaced" ? "This seat was opened in another window; this one has left the room." :
          m.type === "kicked" ? also("The host removed you from the room.", m.message) : also("The host closed the room.", m.reason),
        m.type === "replaced");
        return;
      default: return;
    }
    this.render();
  }

  /** Our own line in presence: the host may have moved us to another role or seat. */
  syncMe() {
    const me = this.s.presence?.members.find((x) => x.id === this.s.member);
    if (me) { this.s.role = me.role; this.s.seats = me.seats; }
    // presence names the host (who may have handed the role on: set_host), listed or not
    if (this.s.presence) this.s.host = this.s.presence.host === this.s.member;
  }

  // -- what we may do -------------------------------------------------------------------

  /** Moves this member may make (player) or propose (advisor): [{code, text, seat}]. */
  myMoves() {
    const { view, role, seats, ended } = this.s;
    if (!view || view.status !== "playing" || ended) return [];
    const out = [];
    for (const seat of view.to_move) {
      if (role === "player" && !seats.includes(seat)) continue;
      if (role !== "player" && role !== "advisor") continue;
      for (const m of view.moves[String(seat)] || []) out.push({ ...m, seat });
    }
    return out;
  }

  /** The moves that get a number: not a call (offered apart, always) and not a move that
   * ends the game (offered apart, asked first). */
  numbered() {
    const calls = new Set(this.calls().map((m) => m.code));  // Snip Snap Snorum's "snap" is no race
    return (this.s.candidates || this.myMoves()).filter((m) => !isEnding(m) && !calls.has(m.code));
  }

  /** The calls this player may cry (round.js offeredCalls): Snap's, always. */
  calls() { return this.s.ended ? [] : offeredCalls(this.s, this.games[this.s.view?.game]); }

  async act(move) {
    const { room, version, role, proposals } = this.s;
    if (this.s.ended) return;
    this.s.dealOver = null;  // the person goes on with the next deal
    // a player is asked before a move that ends the game; an advisor only proposes it
    if (role === "player" && isEnding(move)) {
      const [question, detail, yes] = endingQuestion(move);
      if (!(await ask(question, detail, yes))) return;
    }
    let type = "propose";
    if (role === "player") type = proposals.items.some((p) => p.move === move.code) ? "take" : "move";
    await this.send(type, { room, version, move: move.code });
  }

  /** The player takes a proposal (``vote``: the table's vote, the first of the list):
   * asked first when it ends the game. */
  async take(p, vote = false) {
    const { room, version } = this.s;
    if (!p || this.s.ended) return;
    // the proposed move as the view lists it, with its shape (a proposal is a legal move)
    const move = this.myMoves().find((m) => m.code === p.move);
    if (move && isEnding(move)) {
      const [question, detail, yes] = endingQuestion(move);
      if (!(await ask(question, detail, yes))) return;
    }
    await this.send(vote ? "vote" : "take", vote ? { room, version } : { room, version, move: p.move });
  }

  async send(type, fields) {
    try {
      const r = await this.conn.call(type, fields);
      this.say("");
      return r;
    } catch (err) { this.say(err.message); return null; }
  }

  /** Whether it is this person's turn: a seat of theirs is to move. */
  myTurn() {
    const { view, ended } = this.s;
    return !ended && view?.status === "playing" && view.to_move.some((x) => mine(this.s, x));
  }

  /** Drop whatever was pointed at (Esc, Cancel). */
  clearChoice() { chosen(this, NO_CHOICE); }

  /** The seat whose view this member sees (a player's seat, or the seat an advisor sits
   * behind), or null. */
  me() {
    if (this.s.role === "player" && this.s.seats.length) return this.s.seats[0];
    const behind = this.s.presence?.members.find((x) => x.id === this.s.member)?.behind;
    return this.s.role === "advisor" && Number.isInteger(behind) ? behind : null;  // an advisor sees that seat's view
  }

  canUndo() {
    return this.s.role === "player" && this.s.policy.undo !== "off" && this.s.version > 0 && this.s.view?.status === "playing"
      && this.s.view.layout !== "round" && !this.s.ended;  // never at a competitive table
  }

  sendChat() {
    const text = this.el.chatInput.value.trim();
    if (!text || !this.s.room || this.s.ended) return;
    this.el.chatInput.value = "";
    this.send("chat", { room: this.s.room, text });
  }

  /** Move to another role (and seat). A player leaving the seat is asked first. The host
   * moves themself (set_role): the same member, token and host role, and the seat left
   * is empty for anyone; anyone else leaves and comes back in the new role. */
  async switchRole(role, seat) {
    const s = this.s;
    if (s.role === "player" && role !== "player" && s.seats.length) {
      const names = s.seats.map((x) => s.view?.seats[x]).filter(Boolean);
      const many = names.length > 1;
      const which = s.view?.seats.length > 1 ? `${many ? "Seats" : "Seat"} ${names.join(" and ")}` : "Your seat";
      const it = many ? "them" : "it";
      const detail = s.host
        ? `${which} ${many ? "become" : "becomes"} empty: anyone may take ${it}, or you may seat a computer player there. You stay the host of the room and may sit down again while a seat is free.`
        : `${which} ${many ? "become" : "becomes"} empty and anyone may take ${it}; you may not get ${it} back.`;
      if (!(await ask(`Leave your ${many ? "seats" : "seat"} and ${role === "advisor" ? "advise" : "watch"}?`, detail, many ? "Leave the seats" : "Leave the seat"))) return;
    }
    if (s.host) { await this.send("set_role", { room: s.room, member: s.member, role, seat }); return; }
    if (!(await this.send("leave", { room: s.room }))) return;
    forgetSeat(this.code);
    if (!(await this.join(role))) await this.join("watcher");
  }

  copyLink() {
    const url = this.link();
    navigator.clipboard?.writeText(url).then(() => this.say(`Link copied: ${url}`), () => this.say(url));
  }

  link() { return `${location.origin}/r/${this.code}`; }

  // -- drawing --------------------------------------------------------------------------

  groupTitle(name) {
    const view = this.s.view;
    const seat = view.seats.indexOf(name);
    if (seat >= 0 && view.seats.length > 1) {
      const who = namesIn(this.s, seat);
      return `${name}: ${who.length ? who.join(", ") : "empty seat"}`;
    }
    return name;
  }

  render() {
    const s = this.s;
    const e = this.el;
    const turn = s.ended ? "" : turnText(s);
    const myTurn = this.myTurn();
    if (s.view) {
      const id = s.game || s.view.game;
      const title = this.games[id]?.title || id.replace(/_/g, " ");
      e.title.textContent = title[0].toUpperCase() + title.slice(1);
      if (s.policy.winnable) e.title.append(h("span", { class: "dealt" }, " · winnable deals only"));
    }
    e.sound.textContent = getSound() ? "Sound on" : "Sound off";
    e.sound.setAttribute("aria-pressed", String(getSound()));
    e.sound.title = "a chime when it becomes your turn";
    document.title = `${myTurn ? "Your turn · " : ""}${s.view ? e.title.firstChild?.textContent ?? "Sympathy" : "Sympathy"} · ${this.code}`;
    e.turn.textContent = turn;
    e.turn.dataset.mine = String(!s.ended && turn.startsWith("Your turn"));
    drawWaiting(this);
    const last = s.last;
    fill(e.last, last ? [h("span", { class: "label" }, last.kind === "undo" ? "Undone: " : "Last move: "),
      last.text || last.move, h("span", { class: "muted" }, ` (${last.by}${last.advised_by?.length ? `, advised by ${last.advised_by.join(", ")}` : ""})`)] : null);
    e.notice.textContent = s.notice;
    drawDealOver(this);
    const round = s.view?.layout === "round";
    const { match, ...own } = s.view?.public || {};
    e.facts.textContent = s.view ? factsLine(round ? own : s.view.public, (i) => factName(s, i)) : "";
    const call = s.calls.length ? s.calls[s.calls.length - 1] : null;
    fill(e.call, call && round ? [h("span", { class: "label" }, "Call: "), callText(s, call)] : null);
    if (s.view && round) {
      const zctx = { changed: s.changed, selected: new Set(), picked: new Map(), targets: new Set(), actionable: new Set(), onPoint: () => {} };
      fill(e.table, drawRound(s.view, {
        me: this.me(), seatTitle: (seat) => seatWords(s, seat), moves: this.myMoves(), cursor: s.cursor,
        act: (m) => this.act(m), zoneEl: (z, label) => zoneBox(z, label, zctx), log: s.log,
      }));
      e.table.dataset.version = String(s.version);
    } else if (s.view) {
      fill(e.table, drawTable(s.view, {
        changed: s.changed, ...choiceOnTable(this),
        onPoint: (at, clicks) => clicked(this, at, clicks), groupTitle: (n) => this.groupTitle(n),
      }));
      e.table.dataset.version = String(s.version);
    }
    slide(e.table, this.before);
    this.before = null;
    drawWhich(this);
    e.table.inert = !!s.ended;
    e.chatForm.hidden = !!s.ended;
    e.chat.hidden = !!s.ended && !s.chat.length;
    e.last.hidden = !!s.ended;
    e.table.classList.toggle("dead", !!s.ended);
    drawActions(this);
    drawProposals(this);
    this.drawEnd();
    drawPeople(this);
    this.drawHost();
  }

  drawEnd() {
    const s = this.s;
    const e = this.el.end;
    if (!s.view || s.view.status === "playing") { fill(e); e.hidden = true; return; }
    e.hidden = false;
    fill(e, ...endParts(this));
  }

  drawHost() {
    const e = this.el.host;
    if (!this.s.host || this.s.ended) { fill(e); e.hidden = true; return; }
    e.hidden = false;
    fill(e, ...hostPanel(this));
  }

}

/** A sentence of ours and the server's own, when it says more than ours. */
function also(ours, theirs) {
  const more = String(theirs || "").trim();
  return more && more !== ours && !ours.includes(more) ? `${ours} ${more}` : ours;
}

export function room(root, code) {
  const page = new RoomPage(root, code);
  page.start();
  return page;
}
