// "Your games" on the lobby: the finished games this browser's player key played, counted
// per game (protocol/README.md: `my_stats`), and a button that deletes them from the
// server (`forget_games`), asked first. No account: the key lives in this browser.

import { ask } from "./ask.js";
import { fill, h } from "./dom.js";
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
  const rows = stats.games.map((g) => h("tr", { dataset: { game: g.game } },
    h("td", {}, g.title), h("td", { class: "played" }, String(g.played)), h("td", { class: "won" }, String(g.won)),
    h("td", {}, `${Math.round((100 * g.won) / g.played)}%`), h("td", { class: "streak" }, String(g.streak)), h("td", {}, String(g.best_streak))));
  const forget = h("button", { type: "button", class: "small forget", onclick: async () => {
    if (!(await ask("Delete your finished games?", "Every finished game you played is deleted from this server, with its page and your statistics. Others who played them lose them too.", "Delete them"))) return;
    await conn.call("forget_games", { player: playerKey() });
    await showMine(section, conn);
  } }, "Delete my kept games");
  fill(section, h("h2", {}, "Your games"),
    h("p", { class: "totals" }, `${stats.played} played, ${stats.won} won.`),
    h("table", { class: "stats" }, h("thead", {}, h("tr", {}, ...["Game", "Played", "Won", "", "Wins in a row", "Best run"].map((t) => h("th", {}, t)))), h("tbody", {}, ...rows)),
    h("p", {}, forget));
}
