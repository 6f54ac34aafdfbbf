// The page's entry: "/" is the lobby, "/r/CODE" a room.

import { pageRoom } from "./conn.js";
import { lobby } from "./lobby.js";
import { room } from "./room.js";

const root = document.getElementById("app");
const code = pageRoom();
if (code) window.sympathy = room(root, code);
else lobby(root);
