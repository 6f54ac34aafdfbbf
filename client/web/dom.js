// Building the page without HTML strings: every name, chat line and server text goes in
// as a text node, never as markup.

/**
 * An element: h("button", {class: "x", onclick: f, title: "t"}, "text", child, ...).
 * Keys starting with "on" are listeners; "dataset" is an object; "class" and everything
 * else become attributes. Strings and numbers among the children become text nodes.
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (v === true) e.setAttribute(k, "");
    else e.setAttribute(k, String(v));
  }
  append(e, children);
  return e;
}

function append(e, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(e, c);
    else if (c instanceof Node) e.append(c);
    else e.append(document.createTextNode(String(c)));
  }
}

/** Replace an element's children. */
export function fill(e, ...children) {
  e.replaceChildren();
  append(e, children);
  return e;
}

/** Save ``text`` as a file called ``name`` (of the MIME ``type``) on the person's
 * computer: the browser's own download. */
export function saveFile(text, type, name) {
  const a = h("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}
