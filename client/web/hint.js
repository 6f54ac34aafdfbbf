// The hint (protocol/README.md, `hint`): the Hint button or the h key asks the server
// for the move it would propose at this position (the player; advisors too where the
// table allows). The answer is said in one line under the moves and the hinted move is
// marked in the list, for as long as the table stays at the position it is for; a
// refusal (hint/not_allowed, hint/busy) is the server's own sentence.

import { h } from "./dom.js";

/** Whether this member may ask for a hint now (the server has the last word). */
export function canHint(s) {
  if (!s.view || s.view.status !== "playing" || s.view.layout === "round") return false;
  if (s.role === "player") return s.policy.hints !== "off";
  return s.role === "advisor" && s.policy.hints === "all";
}

/** The hint in one line, as the terminal client says it. */
export function hintLine(a) {
  if (a.stale) return "No hint: the table moved on while it was worked out; ask again.";
  if (a.move !== null && a.move !== undefined) return `Hint: ${a.text || a.move}`;
  if (a.verdict === "unknown") return `No hint: the search could not decide (${a.text}).`;
  return `No hint: ${a.text || "there is no move to make"}.`;
}

/** Ask for a hint for the page's room; the answer lands in `page.s.hint`. */
export async function askHint(page) {
  const s = page.s;
  if (s.hint?.pending) return;
  s.hint = { version: s.version, pending: true, move: null, line: "Thinking…" };
  page.render();
  try {
    const a = await page.conn.call("hint", { room: s.room });
    s.hint = { version: s.version, move: a.stale || a.version !== s.version ? null : a.move, line: hintLine(a), verdict: a.verdict };
  } catch (err) {
    s.hint = { version: s.version, move: null, line: err.message, error: err.code };
  }
  page.render();
}

/** The hint for the position shown, or null (an older position's is not shown). */
export function shownHint(s) {
  return s.hint && s.hint.version === s.version ? s.hint : null;
}

/** The Hint button and the hint's line, for the moves panel. */
export function hintPart(page) {
  const s = page.s;
  if (!canHint(s)) return null;
  const shown = shownHint(s);
  return h("div", { class: "hint" },
    h("button", { type: "button", class: "ask-hint", disabled: !!shown?.pending, onclick: () => askHint(page) }, h("kbd", {}, "h"), " Hint"),
    shown ? h("p", { class: `hint-line${shown.move ? " found" : ""}`, role: "status", dataset: { move: shown.move || "", verdict: shown.verdict || shown.error || "" } }, shown.line) : null);
}
