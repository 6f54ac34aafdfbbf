// The page's entry: "/" is the lobby, "/r/CODE" a room, "/g/ID" a finished game,
// "/how/GAME" how to play a game.

import { pageRoom } from "./conn.js";
import { gamePage, pageGame } from "./game.js";
import { guidePage, pageGuide } from "./guide.js";
import { lobby } from "./lobby.js";
import { room } from "./room.js";

const root = document.getElementById("app");
const code = pageRoom();
const how = pageGuide();
const kept = pageGame();
if (kept) window.sympathy = gamePage(root, kept);
else if (code) window.sympathy = room(root, code);
else if (how) guidePage(root, how);
else lobby(root);
