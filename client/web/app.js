// The page's entry: "/" is the lobby, "/r/CODE" a room.

import { lobby } from "./lobby.js";
import { room } from "./room.js";

const root = document.getElementById("app");
const m = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,16})\/?$/);
if (m) window.sympathy = room(root, m[1]);
else lobby(root);
