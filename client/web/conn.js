// One websocket to the server, speaking protocol/README.md: binary frames holding one
// MessagePack map each; requests carry an id and are answered with re = that id.

import { decode, encode } from "./msgpack.js";
import { playerKey } from "./store.js";

export class ServerError extends Error {
  /** `retryAfter`: seconds to wait before asking again (`service/busy`), or null. */
  constructor(code, message, retryAfter = null) {
    super(message || code); this.code = code; this.retryAfter = retryAfter;
  }
}

/** The join code of the room this page shows ("/r/CODE"), or null on the lobby. */
export function pageRoom() {
  const m = location.pathname.match(/^\/r\/([A-Za-z0-9]{1,16})\/?$/);
  return m ? m[1] : null;
}

export class Conn {
  /** ``onMessage(msg)`` gets every message that answers no request; ``onClose(ev)`` once. */
  constructor(onMessage, onClose) {
    this.onMessage = onMessage;
    this.onClose = onClose;
    this.nextId = 1;
    this.waiting = new Map();
    this.ws = null;
    this.limits = null;
  }

  /** The server's websocket; on a room's page it names the room (``?room=CODE``, which
   *  the server ignores), so that a balancer can send a room's people to one process. */
  static url() {
    const code = pageRoom();
    const room = code ? `?room=${encodeURIComponent(code.toUpperCase())}` : "";
    return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/${room}`;
  }

  /** Connect and say hello; resolves with the welcome. */
  open(name) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(Conn.url());
      ws.binaryType = "arraybuffer";
      this.ws = ws;
      ws.onopen = () => {
        this.call("hello", { version: 1, name: name || undefined, client: "sympathy-web", player: playerKey() })
          .then((w) => { this.limits = w.limits; resolve(w); }, reject);
      };
      ws.onerror = () => reject(new ServerError("net/unreachable", "The server cannot be reached."));
      ws.onmessage = (ev) => this.receive(ev.data);
      ws.onclose = (ev) => {
        for (const { reject: rj } of this.waiting.values()) rj(new ServerError("net/closed", "The connection closed."));
        this.waiting.clear();
        this.onClose(ev);
      };
    });
  }

  receive(data) {
    if (!(data instanceof ArrayBuffer)) return;  // the server sends binary frames only
    let msg;
    try { msg = decode(new Uint8Array(data)); } catch (err) { console.error("bad frame", err); return; }
    const re = msg.re;
    if (re !== undefined && re !== null && this.waiting.has(re)) {
      const { resolve, reject } = this.waiting.get(re);
      this.waiting.delete(re);
      if (msg.type === "error") reject(new ServerError(msg.code, msg.message, msg.retry_after ?? null));
      else resolve(msg);
      return;
    }
    this.onMessage(msg);
  }

  /** Send a request; resolves with its reply, rejects with a ServerError. */
  call(type, fields = {}) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new ServerError("net/closed", "Not connected to the server."));
    }
    const id = this.nextId++;
    const p = new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.ws.send(encode({ type, id, ...fields }));
    return p;
  }

  close() { if (this.ws) this.ws.close(1000); }
}
