// The end of a deal: the result from the reader's side, the fairness check, the record
// to download, the room's tally, the host's "deal again" and "rematch", and the solver's
// analysis of a patience.

import { h, saveFile } from "./dom.js";
import { checkFair } from "./fair.js";
import { resultText } from "./words.js";

/** The room's running tally in words, or "" before the first deal is over. */
export function tallyText(s) {
  const t = s.tally || {};
  const deals = Number(t.deals || 0);
  if (!deals) return "";
  const round = s.view?.layout === "round";
  const what = round ? (deals === 1 ? "match" : "matches") : (deals === 1 ? "deal" : "deals");
  if (round) return `This room so far: ${deals} ${what} played.`;
  return `This room so far: ${Number(t.won || 0)} won of ${deals} ${what} played.`;
}

/** The end panel's parts (the panel is hidden while the game is on). */
export function endParts(page) {
  const s = page.s;
  const round = s.view.layout === "round";
  const f = s.fairResult;
  const fairText = !f || f.pending ? "Checking the deal…" : f.ok
    ? "The revealed seed matches the commitment published at the start: the deal was fixed before play."
    : "The revealed seed does NOT match the published commitment.";
  const result = resultText(s);
  const heading = round ? (result.startsWith("You won") ? "You won" : result.startsWith("You lost") ? "You lost" : "The match is over")
    : s.view.status === "won" ? "Won" : "Game over";
  const parts = [h("h2", {}, heading), h("p", { class: "result" }, round ? result : s.view.result || ""),
    h("p", { class: `fair ${f && !f.pending ? (f.ok ? "ok" : "bad") : ""}` }, fairText),
    s.fair?.seed !== undefined ? h("p", { class: "muted seed" }, `Seed ${String(s.fair.seed)}, salt ${s.fair.salt}, commitment ${s.fair.commitment}`) : null];
  const tally = tallyText(s);
  if (tally) parts.push(h("p", { class: "tally" }, tally));
  if (s.host && !s.ended) {
    parts.push(h("div", { class: "buttons deal-again" },
      h("button", { type: "button", class: "next-deal", onclick: () => page.send("next_deal", { room: s.room, same: false }) }, round ? "Deal a new match" : "Deal again"),
      h("button", { type: "button", class: "rematch", onclick: () => page.send("next_deal", { room: s.room, same: true }) }, "Rematch: the same deal")));
  } else if (!s.ended) {
    parts.push(h("p", { class: "muted" }, "The host may deal again, or offer a rematch of the same deal."));
  }
  if (s.record) parts.push(h("p", {}, h("button", { type: "button", class: "download", onclick: () => downloadRecord(s.record, page.code) }, "Download the record")));
  if (s.kept?.length) {
    parts.push(h("section", { class: "kept-games" }, h("h3", {}, "This room's finished games"),
      h("ul", {}, ...s.kept.map((g, i) => h("li", {}, h("a", { href: `/g/${g.id}`, class: "kept-game" },
        `Game ${s.kept.length - i}: ${g.won ? "won" : "lost"}`), h("span", { class: "muted" }, ` (${new Date(g.finished_at * 1000).toLocaleTimeString()})`))))));
  }
  parts.push(analysisPart(s));
  return parts;
}

/** The analysis as the end panel shows it: the deal, the move that lost it, and each
 * proposal judged, a sentence each (the lines the terminal client shows). */
function analysisPart(s) {
  const a = s.analysis;
  if (!a) return null;
  const head = h("h3", {}, "Analysis");
  if (a.pending) return h("section", { class: "analysis pending" }, head, h("p", { class: "muted" }, "The solver is looking at the deal…"));
  if (a.error) return h("section", { class: "analysis" }, head, h("p", { class: "muted" }, `No analysis: ${a.error}`));
  const kind = (line) => (line.startsWith("The game was lost") ? "lost" : line.includes("proposal") ? "proposal" : "deal");
  return h("section", { class: "analysis", dataset: { deal: a.deal, lostAt: a.lost_at === null ? "" : String(a.lost_at) } }, head,
    h("ul", {}, ...a.lines.map((line) => h("li", { class: kind(line) }, line))));
}

/** Download a record (the server's `record`, or a kept game's) as a JSON file. */
export function downloadRecord(r, code) {
  // Record.from_dict reads game, options, seed and moves [[seat, code]]; the rest rides along
  const data = { game: r.game, options: r.options, seed: r.seed, salt: r.salt, commitment: r.commitment,
    result: r.result, moves: r.moves.map((m) => [m.seat, m.move]), history: r.moves };
  const text = JSON.stringify(data, (_, v) => (typeof v === "bigint" ? `#big:${v}` : v), 2)
    .replace(/"#big:(-?\d+)"/g, "$1");
  saveFile(text, "application/json", `${r.game}-${code}.json`);
}

/** A deal is over: check the revealed seed, fetch the record, and (a patience) ask
 * for the solver's analysis. */
export async function finished(page) {
  const { fair, view } = page.s;
  if (!fair || fair.seed === undefined || page.s.fairResult) return;
  page.s.fairResult = { pending: true };
  try {
    page.s.fairResult = await checkFair(view.game, fair);
  } catch (err) { page.s.fairResult = { ok: false, error: err.message }; }
  try { page.s.record = await page.conn.call("record", { room: page.s.room }); } catch { /* not yet */ }
  await keptGames(page);
  page.render();
  if (view.layout !== "round") await analyse(page);  // the solver judges patience deals
}

/** The solver's analysis of the finished game (the server works it out: up to ten
 * seconds; asked again a few times while the server is busy, after the wait it names). */
async function analyse(page) {
  page.s.analysis = { pending: true };
  page.render();
  for (let tries = 0; tries < 5; tries++) {
    try {
      const a = await page.conn.call("analysis", { room: page.s.room });
      page.s.analysis = a.stale ? null : a;
      break;
    } catch (err) {
      if (err.code !== "analysis/busy" && err.code !== "service/busy") {
        page.s.analysis = { error: err.message }; break;
      }
      page.s.analysis = { pending: true, busy: true };
      await new Promise((resolve) => setTimeout(resolve, 1000 * (err.retryAfter ?? 2)));
    }
  }
  if (page.s.analysis?.pending) page.s.analysis = { error: "The server was busy; no analysis this time." };
  page.render();
}

/** The room's finished games kept by the server, each with its page (none when the
 * server keeps none). Asked again shortly while the one just ended is missing: it is
 * kept as it ends, by the connection that made its last move. */
export async function keptGames(page) {
  for (let tries = 0; tries < 5; tries++) {
    try {
      page.s.kept = (await page.conn.call("room_games", { room: page.s.room })).games;
    } catch { page.s.kept = []; return; }
    if (page.s.kept.length >= Number(page.s.tally?.deals || 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
