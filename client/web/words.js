// The table's public facts (a view's `public`) in words for people: each fact under a
// plain label, seats by their names (never a number counted from 0), and the facts the
// page says elsewhere (whose turn it is, the match's scores) or that are the table's
// settings rather than its state left out, as are facts that are off or unset.

/** Facts said elsewhere, or settings rather than state: never in the facts line. */
const SAID_ELSEWHERE = new Set(["match", "turn", "to_move", "phase", "must_continue", "turned_this_turn",
  "pending", "race", "limit", "max_cards", "max_turns", "max_deals", "pace_ms", "tie_ms",
  "auto_turn", "animals"]);

/** Facts whose value is a seat, or a list of seats. */
const SEAT = new Set(["leader", "offerer", "claimant", "last", "seat", "by", "against", "taker"]);
const SEATS = new Set(["out", "retired", "passed", "spoken", "snap"]);

/** Plain labels where the key's own words would not do. */
const LABELS = {
  offerer: "offering their hand", leader: "leads", claimant: "to be paid", owed: "cards owed",
  last: "played last", out: "out", retired: "out of counters", passed: "let it go",
  spoken: "has called", snap: "snap between", in_pack: "in the pack", in_stock: "in the stock",
  on_foundations: "on the foundations", on_families: "on the families", in_families: "in the families",
  face_down: "face down", redeals_left: "redeals left", privileges_left: "privileges left",
  pairs: "pairs thrown out", graces: "graces", last_trick: "last trick", stops: "stops set aside",
  last_run: "last run", rows_in_play: "rows in play", changed_this_pass: "this pass has helped",
};

function word(v) {
  if (v === true) return "yes";
  if (v === false) return "no";
  return String(v);
}

function valueWords(key, v, seatName) {
  if (SEAT.has(key) && typeof v === "number") return seatName(v);
  if (SEATS.has(key) && Array.isArray(v)) return v.map((s) => (typeof s === "number" ? seatName(s) : word(s))).join(", ");
  if (Array.isArray(v)) {
    return v.map((x) => (x && typeof x === "object" ? Object.entries(x).map(([a, b]) => valueWords(a, b, seatName)).join(" ") : word(x))).join(", ");
  }
  if (v && typeof v === "object") {
    return Object.entries(v).filter(([, b]) => b !== null && b !== undefined && b !== false)
      .map(([a, b]) => (SEAT.has(a) ? `${LABELS[a] || a.replace(/_/g, " ")} ${seatName(b)}` : `${a.replace(/_/g, " ")} ${word(b)}`)).join(", ");
  }
  return word(v);
}

/**
 * The facts as one line: "in the pack 24 · redeals left 2 · offering their hand Ann".
 * ``seatName(i)`` names seat i (0-based) for people.
 */
export function factsLine(pub, seatName) {
  const out = [];
  for (const [k, v] of Object.entries(pub || {})) {
    if (SAID_ELSEWHERE.has(k) || v === null || v === undefined || v === false || v === "") continue;
    if (Array.isArray(v) && !v.length) continue;
    if (v && typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length) continue;
    out.push(`${LABELS[k] || k.replace(/_/g, " ")}: ${valueWords(k, v, seatName)}`);
  }
  return out.join(" · ");
}
