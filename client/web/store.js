// What the browser keeps: the person's name, their player key, whether the page may
// sound a chime, and per room the seat token ("given once: keep it"), so a reload
// resumes the seat. Tokens live in localStorage only, never in a URL.

const NAME = "sympathy.name";
const KEY = "sympathy.player";
const SEAT = (code) => `sympathy.seat.${String(code).toUpperCase()}`;

export function getName() { return localStorage.getItem(NAME) || ""; }
export function setName(name) { localStorage.setItem(NAME, name); }

/** {room, token} for a join code, or null. */
export function getSeat(code) {
  try {
    const s = JSON.parse(localStorage.getItem(SEAT(code)) || "null");
    return s && typeof s.room === "string" && typeof s.token === "string" ? s : null;
  } catch { return null; }
}
export function setSeat(code, room, token) { localStorage.setItem(SEAT(code), JSON.stringify({ room, token })); }
export function forgetSeat(code) { localStorage.removeItem(SEAT(code)); }

/** The person's player key: made once in this browser and kept (no account). The server
 * keeps their finished games under its hash, and deletes them when asked with it. */
export function playerKey() {
  let key = localStorage.getItem(KEY);
  if (!key || key.length < 16) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(KEY, key);
  }
  return key;
}

const SOUND = "sympathy.sound";
/** Whether the page sounds a chime when it becomes this person's turn (off until they
 * turn it on). */
export function getSound() { return localStorage.getItem(SOUND) === "on"; }
export function setSound(on) { localStorage.setItem(SOUND, on ? "on" : "off"); }
