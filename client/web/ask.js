// A question the page asks before something that cannot be taken back (giving up a game,
// leaving a seat, closing the room): a modal <dialog> in the page, with the question, a
// sentence on what follows, and two buttons. Escape or "Cancel" says no.

import { h } from "./dom.js";

/**
 * Ask ``question``; resolves true when the person chooses ``yes``.
 * ``detail``: what happens then, in a sentence. ``danger``: the yes button is red.
 */
export function ask(question, detail, yes, { no = "Cancel", danger = true } = {}) {
  document.querySelector("dialog.ask")?.close();
  return new Promise((resolve) => {
    let answered = false;
    const done = (answer) => {
      if (answered) return;
      answered = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(answer);
    };
    const yesButton = h("button", { type: "button", class: `yes${danger ? " danger" : ""}`, onclick: () => done(true) }, yes);
    const noButton = h("button", { type: "button", class: "no", onclick: () => done(false) }, no);
    const dialog = h("dialog", { class: "ask", "aria-labelledby": "ask-question" },
      h("h2", { id: "ask-question" }, question),
      detail ? h("p", {}, detail) : null,
      h("div", { class: "buttons" }, noButton, yesButton));
    dialog.addEventListener("close", () => done(false));
    document.body.append(dialog);
    dialog.showModal();
    noButton.focus();  // the safe answer has the focus: Enter does not give a game up
  });
}
