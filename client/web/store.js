// What the browser keeps: the person's name, and per room the seat token ("given once:
// keep it"), so a reload resumes the seat. Tokens live in localStorage only, never in a
// URL.

const NAME = "sympathy.name";
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
