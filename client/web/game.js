// A finished game's page at "/g/ID": anyone with the link, at the table or not. Its
// record and the steps of its table come from the server (protocol/README.md:
// `archived`, `archived_step`); every step is the table as a watcher saw it then. Step
// through it (buttons, the arrow keys, Home and End), jump (the slider), play it back;
// the fairness check recomputes the deal's commitment here; the analysis is drawn over
// the moves: the one made at the table, or else the page asks the server to make it
// (`archived_analysis`: once, kept with the game); the record downloads as a file.

import { Conn } from "./conn.js";
import { fill, h } from "./dom.js";
import { downloadRecord } from "./end.js";
import { checkFair } from "./fair.js";
import { getName } from "./store.js";
import { drawRound } from "./round.js";
import { drawTable, zoneBox } from "./table.js";

/** The id of the finished game this page shows ("/g/ID"), or null. */
export function pageGame() {
  const m = location.pathname.match(/^\/g\/([A-Za-z0-9_-]{16})\/?$/);
  return m ? m[1] : null;
}

const PLAY_EVERY = 700;  // ms between two steps of the playback

export class GamePage {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.game = null;
    this.analysis = null;
    this.steps = 0;
    this.n = 0;
    this.step = null;
    this.fair = null;
    this.timer = null;
    this.asked = 0;
    this.analysisNote = null;  // what the chart says while the analysis is being made
    this.analysisTries = 0;
    this.el = {};
    this.conn = new Conn(() => {}, () => this.say("The connection closed; reload the page."));
  }

  async start() {
    const e = this.el;
    e.title = h("h1", {}, "A finished game");
    e.status = h("p", { class: "notice", role: "status" }, "Opening the game…");
    this.root.append(h("header", { class: "bar" }, h("a", { href: "/", class: "home" }, "Lobby"), e.title), e.status);
    try {
      await this.conn.open(getName());
      const a = await this.conn.call("archived", { game: this.id });
      Object.assign(this, { game: a.game, analysis: a.analysis, steps: a.steps });
    } catch (err) {
      this.say(err.code === "archive/not_found" ? "No finished game is kept under this link: it may have been deleted, or kept no longer." : err.message);
      return;
    }
    e.status.remove();
    this.build();
    await this.go(0);
    if (!this.analysis) this.askAnalysis();
    this.fair = { pending: true };
    this.drawFair();
    try {
      this.fair = await checkFair(this.game.game, { seed: this.game.seed, salt: this.game.salt, commitment: this.game.commitment });
    } catch (err) { this.fair = { ok: false, error: err.message }; }
    this.drawFair();
  }

  say(text) { fill(this.el.status, text); if (!this.el.status.isConnected) this.root.append(this.el.status); }

  build() {
    const g = this.game;
    const e = this.el;
    // a table of one seat names no seat; else seats as the record counts them, from 1
    const oneSeat = g.players.every((p) => p.seats.every((x) => x === 1));
    const players = g.players.map((p) => `${p.name}${p.bot ? " (computer)" : ""}${oneSeat ? "" : ` in seat${p.seats.length > 1 ? "s" : ""} ${p.seats.join(" and ")}`}`);
    fill(e.title, `${g.title || g.game}: ${g.won ? "won" : "lost"}`);
    e.slider = h("input", { type: "range", class: "jump", min: 0, max: this.steps - 1, value: 0, "aria-label": "jump to a move" });
    e.slider.addEventListener("input", () => this.go(Number(e.slider.value)));
    e.play = h("button", { type: "button", class: "play", onclick: () => this.playBack() }, "Play");
    e.where = h("span", { class: "where", "aria-live": "polite" });
    e.caption = h("p", { class: "last" });
    e.table = h("div", { class: "table-wrap" });
    e.fair = h("p", { class: "fair" });
    e.chart = this.chart();
    const when = new Date(g.finished_at * 1000);
    this.root.append(h("div", { class: "room game-page" },
      h("main", { class: "board" },
        h("div", { class: "steps buttons" },
          h("button", { type: "button", class: "first", onclick: () => this.go(0) }, "First: the deal"),
          h("button", { type: "button", class: "prev", onclick: () => this.go(this.n - 1) }, "◀ Back"),
          h("button", { type: "button", class: "next", onclick: () => this.go(this.n + 1) }, "Next ▶"),
          h("button", { type: "button", class: "last-step", onclick: () => this.go(this.steps - 1) }, "Last"),
          e.play, e.where),
        e.slider, e.caption, e.table),
      h("aside", { class: "side" },
        h("section", { class: "panel end" },
          h("h2", {}, g.won ? "Won" : "Lost"),
          h("p", { class: "result" }, g.result || ""),
          h("p", { class: "muted" }, `Played by ${players.join(", ") || "nobody"}${g.advisors.length ? `, advised by ${g.advisors.join(", ")}` : ""}; finished ${when.toLocaleString()}.`),
          g.winnable ? h("p", { class: "muted dealt" }, "Winnable deals only: the computer had proved this deal can be won, with every card known.") : null,
          g.daily ? h("p", { class: "muted dealt" }, `The deal of the day of ${g.daily}.`) : null,
          e.fair,
          h("p", { class: "muted seed" }, `Deal ${String(g.seed)}, salt ${g.salt}, commitment ${g.commitment}`),
          h("p", {}, h("button", { type: "button", class: "download", onclick: () => downloadRecord(g, this.id) }, "Download the record"))),
        e.chart)));
    document.addEventListener("keydown", (ev) => this.key(ev));
  }

  key(ev) {
    if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
    const to = { ArrowRight: this.n + 1, ArrowLeft: this.n - 1, Home: 0, End: this.steps - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    this.go(to);
  }

  /** Show step ``n`` (0: the deal; k: after move k). */
  async go(n) {
    n = Math.max(0, Math.min(this.steps - 1, n));
    const asked = ++this.asked;
    let step;
    try { step = await this.conn.call("archived_step", { game: this.id, n }); } catch (err) { this.say(err.message); return; }
    if (asked !== this.asked) return;  // a later step was asked for meanwhile
    this.n = n;
    this.step = step;
    this.draw();
  }

  playBack() {
    if (this.timer) { this.stop(); return; }
    if (this.n >= this.steps - 1) this.go(0);
    this.el.play.textContent = "Pause";
    this.timer = setInterval(() => {
      if (this.n >= this.steps - 1) { this.stop(); return; }
      this.go(this.n + 1);
    }, PLAY_EVERY);
  }

  stop() { clearInterval(this.timer); this.timer = null; this.el.play.textContent = "Play"; }

  draw() {
    const e = this.el;
    const { view, last } = this.step;
    e.slider.value = String(this.n);
    e.where.textContent = this.n ? `Move ${this.n} of ${this.steps - 1}` : `The deal (${this.steps - 1} moves follow)`;
    e.table.dataset.step = String(this.n);
    fill(e.caption, last ? [h("span", { class: "label" }, `Move ${last.n}: `), last.text || last.move,
      h("span", { class: "muted" }, ` (${last.by}${last.advised_by?.length ? `, advised by ${last.advised_by.join(", ")}` : ""}${last.left?.length ? `; proposed and not taken: ${last.left.map((p) => p.text || p.move).join("; ")}` : ""})`)] : "The deal, before the first move.");
    const zctx = { changed: new Set(), selected: new Set(), picked: new Map(), targets: new Set(), actionable: new Set(), onPoint: () => {} };
    fill(e.table, view.layout === "round"
      ? drawRound(view, { me: null, seatTitle: (s) => `Seat ${s + 1}`, moves: [], cursor: null, act: () => {}, zoneEl: (z, label) => zoneBox(z, label, zctx) })
      : drawTable(view, { ...zctx, groupTitle: (name) => name }));
    for (const b of e.chart.querySelectorAll(".bar-move")) b.classList.toggle("here", Number(b.dataset.n) === this.n);
  }

  drawFair() {
    const f = this.fair;
    this.el.fair.className = `fair ${f && !f.pending ? (f.ok ? "ok" : "bad") : ""}`;
    this.el.fair.textContent = !f || f.pending ? "Checking the deal…" : f.ok
      ? "Fair deal: the revealed seed matches the commitment published when the game began."
      : "The revealed seed does NOT match the published commitment.";
  }

  /** Ask the server for the analysis nobody asked for at the table; say what happens
   * meanwhile in the chart, and ask again (a few times) while the server is busy. */
  async askAnalysis() {
    this.analysisNote = "Working out where this game could still be won and where it was lost; this takes a few seconds…";
    this.redrawChart();
    try {
      const a = await this.conn.call("archived_analysis", { game: this.id });
      this.analysis = a.analysis;
      this.analysisNote = null;
    } catch (err) {
      const busy = err.code === "service/busy" || err.code === "analysis/busy";
      if (busy && ++this.analysisTries <= 5) {
        const s = Math.max(1, Math.ceil(err.retryAfter ?? 3));
        this.analysisNote = `The server is busy with other tables' hints and analyses; asking again in ${s} second${s === 1 ? "" : "s"}…`;
        this.redrawChart();
        setTimeout(() => this.askAnalysis(), s * 1000);
        return;
      }
      this.analysisNote = busy ? "The server is too busy to work out this game's analysis now; reload the page later to try again."
        : err.code === "record/not_available" ? "This game was kept before it ended, so it has no analysis."
          : "The analysis of this game cannot be made now; reload the page later to try again.";
    }
    this.redrawChart();
  }

  redrawChart() {
    const chart = this.chart();
    this.el.chart.replaceWith(chart);
    this.el.chart = chart;
    for (const b of chart.querySelectorAll(".bar-move")) b.classList.toggle("here", Number(b.dataset.n) === this.n);
  }

  /** The moves as a strip, one bar each: still winnable, lost (from the move that lost
   * it), advice taken, advice left; a click jumps there. Without an analysis, the strip
   * marks only the advice. */
  chart() {
    const a = this.analysis;
    const moves = this.game.moves;
    const lostAt = a && a.lost_at !== null && a.lost_at !== undefined ? Number(a.lost_at) : null;
    const bars = moves.map((m, i) => {
      const n = i + 1;
      const state = !a || a.deal === "unknown" ? "unknown" : a.deal === "lost" || (lostAt !== null && n > lostAt) ? "lost" : "winnable";
      const advised = m.advised_by?.length ? " advised" : "";
      const left = m.left?.length ? " left" : "";
      return h("button", { type: "button", class: `bar-move ${state}${advised}${left}${n === lostAt ? " turn" : ""}`, dataset: { n: String(n) },
        title: `Move ${n}: ${m.text || m.move}${state === "unknown" ? "" : ` (${state === "lost" ? "no longer winnable" : "still winnable"})`}`
          + `${advised ? `; advised by ${m.advised_by.join(" and ")}` : ""}${left ? `; advice not taken: ${m.left.map((p) => p.text || p.move).join("; ")}` : ""}`,
        onclick: () => this.go(n) });
    });
    const words = !a ? this.analysisNote || "The strip marks the advice only."
      : a.deal === "lost" ? "The deal could not be won, whatever was played."
        : lostAt !== null ? `Still winnable until move ${lostAt}; lost from there.` : a.deal === "won" ? "Winnable all the way." : "The solver could not tell.";
    return h("section", { class: "panel chart" }, h("h3", {}, "Over the moves"),
      h("div", { class: "strip", role: "group", "aria-label": "the moves" }, ...bars),
      h("p", { class: "muted", role: a ? null : "status" }, words),
      a ? h("ul", { class: "analysis" }, ...(a.lines || []).map((line) => h("li", {}, line))) : null);
  }
}

export function gamePage(root, id) {
  const page = new GamePage(root, id);
  page.start();
  return page;
}
