// The deal of the day of the chosen game (`daily`: its board; links to others' games
// once this browser has played it), and "Your games" on the lobby: the finished games this browser's player key played, counted
// per game with the best results of the won ones (protocol/README.md: `my_stats`), and a button that deletes them from the
// server (`forget_games`), asked first. No account: the key lives in this browser.

import { ask } from "./ask.js";
import { fill, h, saveFile } from "./dom.js";
import { playerKey } from "./store.js";

/** The section, filled once the connection is open (``conn``). */
export function mineSection() {
  return h("section", { class: "mine" }, h("h2", {}, "Your games"), h("p", { class: "muted" }, "…"));
}

export async function showMine(section, conn) {
  let stats;
  try { stats = await conn.call("my_stats", { player: playerKey() }); } catch (err) {
    if (err.code === "archive/off") section.hidden = true;
    return;
  }
  if (!stats.played) {
    fill(section, h("h2", {}, "Your games"), h("p", { class: "muted" }, "No finished game yet: your games are counted here once they end."));
    return;
  }
  const rows = stats.games.map((g) => h("tr", { dataset: { game: g.game, winnable: String(!!g.winnable) } },
    h("td", {}, g.winnable ? `${g.title} (winnable deals only)` : g.title), h("td", { class: "played" }, String(g.played)), h("td", { class: "won" }, String(g.won)),
    h("td", {}, `${Math.round((100 * g.won) / g.played)}%`), h("td", { class: "streak" }, String(g.streak)), h("td", {}, String(g.best_streak)),
    h("td", { class: "fewest" }, g.fewest_moves == null ? "–" : String(g.fewest_moves)), h("td", { class: "fastest" }, g.fastest == null ? "–" : duration(g.fastest))));
  const forget = h("button", { type: "button", class: "small forget", onclick: async () => {
    if (!(await ask("Delete your finished games?", "Every finished game you played is deleted from this server, with its page and your statistics. Others who played them lose them too.", "Delete them"))) return;
    await conn.call("forget_games", { player: playerKey() });
    await showMine(section, conn);
  } }, "Delete my kept games");
  const save = (kind) => h("button", { type: "button", class: `small export-${kind}`, onclick: () => exportStats(stats, kind) }, `Download (${kind.toUpperCase()})`);
  fill(section, h("h2", {}, "Your games"),
    h("p", { class: "totals" }, `${stats.played} played, ${stats.won} won.`),
    // eight columns are wider than a phone: the table slides within its own box, never the page
    h("div", { class: "stats-wrap", tabindex: "0", role: "region", "aria-label": "Your games, per game" },
      h("table", { class: "stats" }, h("thead", {}, h("tr", {}, ...["Game", "Played", "Won", "Share won", "Wins in a row", "Best run", "Fewest moves to win", "Fastest win"].map((t) => h("th", {}, t)))), h("tbody", {}, ...rows))),
    h("p", {}, save("json"), " ", save("csv"), " ", forget));
}

/** The columns of the statistics as a CSV file (the JSON file is `my_stats`'s answer). */
const CSV_COLUMNS = ["game", "title", "winnable", "played", "won", "streak", "best_streak", "fewest_moves", "fastest", "last"];

/** Download the statistics as ``kind`` (json or csv). */
function exportStats(stats, kind) {
  const { played, won, games } = stats;
  if (kind === "json") {
    saveFile(JSON.stringify({ played, won, games }, null, 2), "application/json", "sympathy-stats.json");
    return;
  }
  const cell = (v) => (v == null ? "" : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const lines = [CSV_COLUMNS.join(","), ...games.map((g) => CSV_COLUMNS.map((c) => cell(g[c])).join(","))];
  saveFile(`${lines.join("\r\n")}\r\n`, "text/csv", "sympathy-stats.csv");
}

/** A game's time in words: under a minute, or whole minutes. */
function duration(seconds) {
  return seconds < 60 ? "under a minute" : `${Math.round(seconds / 60)} min`;
}

/** The board of ``game``'s deal of the day into ``section`` (hidden when the server
 * keeps no games). */
export async function showDaily(section, conn, game) {
  let d;
  const button = document.getElementById("daily");
  try { d = await conn.call("daily", { game, player: playerKey() }); } catch (err) {
    section.hidden = true;
    if (button && err.code === "archive/off") button.hidden = true;  // no deals of the day
    return;
  }
  section.hidden = false;
  const won = d.board.filter((r) => r.won).length;
  const rows = d.board.map((r) => h("li", { class: r.mine ? "mine-row" : null },
    r.id ? h("a", { href: `/g/${r.id}` }, r.players.join(" and ") || "someone") : (r.players.join(" and ") || "someone"),
    ` ${r.won ? "won" : "lost"} in ${r.moves} moves, ${duration(r.seconds)}`));
  fill(section, h("h3", {}, `Deal of the day (${d.date})`),
    h("p", { class: "muted" }, "Everyone plays it by the game's own rules; each player's first game counts."),
    h("p", { class: "muted" }, d.board.length ? `${d.board.length} played, ${won} won.${d.played ? "" : " Play it to open the others' games."}` : "Nobody has finished it yet today."),
    d.board.length ? h("ol", { class: "results" }, ...rows) : null);
}
