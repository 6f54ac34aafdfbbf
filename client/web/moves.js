// Words about places and moves: a place's label without its owner, whether a phrase is
// named in a text, and the question asked before a move that ends the game. Which move
// a person points at is read from the moves' shapes (point.js), never from words.

/** A zone's label without its owner's name: "A's packet 5" -> "packet 5". */
export function shortLabel(label) {
  return String(label).replace(/^\S+'s\s+/, "");
}

const WORD = /[\p{L}\p{N}]/u;

/** Whether ``phrase`` appears in ``text`` as a whole (not "packet 1" in "packet 17"). */
export function mentions(text, phrase) {
  if (!phrase) return false;
  let i = text.indexOf(phrase);
  while (i >= 0) {
    const before = i > 0 ? text[i - 1] : " ";
    const after = text[i + phrase.length] ?? " ";
    if (!WORD.test(before) && !WORD.test(after)) return true;
    i = text.indexOf(phrase, i + 1);
  }
  return false;
}

/** The question the page asks before an ending move: [question, what follows, yes]. */
export function endingQuestion(move) {
  if (move.shape?.kind === "auto") {
    return ["Let the game play itself to the end?", "Every move left is played for you, and the game ends. This cannot be taken back.", "Play it to the end"];
  }
  return ["Give up this game?", "The game ends now and counts as lost. This cannot be taken back.", "Give up"];
}
