// The page's entry: "/" is the lobby, "/r/CODE" a room, "/how/GAME" how to play a game.

import { pageRoom } from "./conn.js";
import { guidePage, pageGuide } from "./guide.js";
import { lobby } from "./lobby.js";
import { room } from "./room.js";

const root = document.getElementById("app");
const code = pageRoom();
const how = pageGuide();
if (code) window.sympathy = room(root, code);
else if (how) guidePage(root, how);
else lobby(root);
