// A small MessagePack codec: exactly what the Sympathy protocol uses (maps with string
// keys, strings, integers, floats, booleans, nil, arrays, binary). Integers that do not
// fit a JavaScript number exactly (a deal seed may reach 2^64-1) decode as BigInt and
// encode back from BigInt. Ext types are refused: the protocol never sends them.

const enc = new TextEncoder();
const dec = new TextDecoder("utf-8", { fatal: true });

export function encode(value) {
  const out = new Writer();
  write(out, value);
  return out.bytes();
}

class Writer {
  constructor() { this.buf = new Uint8Array(256); this.view = new DataView(this.buf.buffer); this.n = 0; }
  room(k) {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next; this.view = new DataView(next.buffer);
  }
  u8(x) { this.room(1); this.buf[this.n++] = x; }
  u16(x) { this.room(2); this.view.setUint16(this.n, x); this.n += 2; }
  u32(x) { this.room(4); this.view.setUint32(this.n, x); this.n += 4; }
  raw(b) { this.room(b.length); this.buf.set(b, this.n); this.n += b.length; }
  bytes() { return this.buf.slice(0, this.n); }
}

function writeInt(out, x) {
  if (x >= 0) {
    if (x < 0x80) out.u8(x);
    else if (x < 0x100) { out.u8(0xcc); out.u8(x); }
    else if (x < 0x10000) { out.u8(0xcd); out.u16(x); }
    else if (x < 0x100000000) { out.u8(0xce); out.u32(x); }
    else writeBig(out, BigInt(x));
  } else {
    if (x >= -32) out.u8(x & 0xff);
    else if (x >= -0x80) { out.u8(0xd0); out.u8(x & 0xff); }
    else if (x >= -0x8000) { out.u8(0xd1); out.u16(x & 0xffff); }
    else if (x >= -0x80000000) { out.u8(0xd2); out.u32(x >>> 0); }
    else writeBig(out, BigInt(x));
  }
}

function writeBig(out, x) {
  out.room(9);
  if (x >= 0n) {
    if (x >= 1n << 64n) throw new RangeError("integer too large for MessagePack");
    out.buf[out.n++] = 0xcf; out.view.setBigUint64(out.n, x);
  } else {
    if (x < -(1n << 63n)) throw new RangeError("integer too small for MessagePack");
    out.buf[out.n++] = 0xd3; out.view.setBigInt64(out.n, x);
  }
  out.n += 8;
}

function writeLen(out, n, fix, fixMax, c8, c16, c32) {
  if (n <= fixMax && fix !== null) out.u8(fix | n);
  else if (n < 0x100 && c8 !== null) { out.u8(c8); out.u8(n); }
  else if (n < 0x10000) { out.u8(c16); out.u16(n); }
  else { out.u8(c32); out.u32(n); }
}

function write(out, v) {
  if (v === null || v === undefined) out.u8(0xc0);
  else if (v === false) out.u8(0xc2);
  else if (v === true) out.u8(0xc3);
  else if (typeof v === "number") {
    if (Number.isSafeInteger(v)) writeInt(out, v);
    else { out.room(9); out.buf[out.n++] = 0xcb; out.view.setFloat64(out.n, v); out.n += 8; }
  } else if (typeof v === "bigint") writeBig(out, v);
  else if (typeof v === "string") {
    const b = enc.encode(v);
    writeLen(out, b.length, 0xa0, 31, 0xd9, 0xda, 0xdb);
    out.raw(b);
  } else if (v instanceof Uint8Array) {
    writeLen(out, v.length, null, -1, 0xc4, 0xc5, 0xc6);
    out.raw(v);
  } else if (Array.isArray(v)) {
    writeLen(out, v.length, 0x90, 15, null, 0xdc, 0xdd);
    for (const item of v) write(out, item);
  } else if (typeof v === "object") {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined);
    writeLen(out, keys.length, 0x80, 15, null, 0xde, 0xdf);
    for (const k of keys) { write(out, k); write(out, v[k]); }
  } else throw new TypeError(`cannot encode ${typeof v}`);
}

export function decode(bytes) {
  const r = { buf: bytes, view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), n: 0 };
  const value = read(r);
  if (r.n !== bytes.length) throw new Error("trailing bytes after the MessagePack value");
  return value;
}

function need(r, k) {
  if (r.n + k > r.buf.length) throw new Error("truncated MessagePack value");
}

function u8(r) { need(r, 1); return r.buf[r.n++]; }
function u16(r) { need(r, 2); const x = r.view.getUint16(r.n); r.n += 2; return x; }
function u32(r) { need(r, 4); const x = r.view.getUint32(r.n); r.n += 4; return x; }
function big(x) { return x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x; }
function str(r, k) { need(r, k); const s = dec.decode(r.buf.subarray(r.n, r.n + k)); r.n += k; return s; }
function bin(r, k) { need(r, k); const b = r.buf.slice(r.n, r.n + k); r.n += k; return b; }
function arr(r, k) { const a = new Array(k); for (let i = 0; i < k; i++) a[i] = read(r); return a; }
function map(r, k) {
  const m = {};
  for (let i = 0; i < k; i++) {
    const key = read(r);
    if (typeof key !== "string" && typeof key !== "number") throw new Error("map key is not a string");
    // defineProperty: a key named __proto__ stays an ordinary key
    Object.defineProperty(m, String(key), { value: read(r), enumerable: true, writable: true, configurable: true });
  }
  return m;
}

function read(r) {
  const t = u8(r);
  if (t < 0x80) return t;
  if (t < 0x90) return map(r, t & 0x0f);
  if (t < 0xa0) return arr(r, t & 0x0f);
  if (t < 0xc0) return str(r, t & 0x1f);
  if (t >= 0xe0) return t - 0x100;
  switch (t) {
    case 0xc0: return null;
    case 0xc2: return false;
    case 0xc3: return true;
    case 0xc4: return bin(r, u8(r));
    case 0xc5: return bin(r, u16(r));
    case 0xc6: return bin(r, u32(r));
    case 0xca: { need(r, 4); const x = r.view.getFloat32(r.n); r.n += 4; return x; }
    case 0xcb: { need(r, 8); const x = r.view.getFloat64(r.n); r.n += 8; return x; }
    case 0xcc: return u8(r);
    case 0xcd: return u16(r);
    case 0xce: return u32(r);
    case 0xcf: { need(r, 8); const x = r.view.getBigUint64(r.n); r.n += 8; return big(x); }
    case 0xd0: { need(r, 1); const x = r.view.getInt8(r.n); r.n += 1; return x; }
    case 0xd1: { need(r, 2); const x = r.view.getInt16(r.n); r.n += 2; return x; }
    case 0xd2: { need(r, 4); const x = r.view.getInt32(r.n); r.n += 4; return x; }
    case 0xd3: { need(r, 8); const x = r.view.getBigInt64(r.n); r.n += 8; return big(x); }
    case 0xd9: return str(r, u8(r));
    case 0xda: return str(r, u16(r));
    case 0xdb: return str(r, u32(r));
    case 0xdc: return arr(r, u16(r));
    case 0xdd: return arr(r, u32(r));
    case 0xde: return map(r, u16(r));
    case 0xdf: return map(r, u32(r));
    default: throw new Error(`unsupported MessagePack type 0x${t.toString(16)}`);
  }
}
