// DOM helpers shared by the views: elements, tables, withheld cells and the
// readout that shows the exact amount of the focused mark.
import { chf } from "./format.js";

// el creates an element with attributes and children (strings or nodes).
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c !== undefined && c !== null && c !== "") e.append(c);
  }
  return e;
}

// withheldText is how a withheld figure reads, with its reason.
export function withheldText(reason) {
  return reason ? `withheld (${reason})` : "withheld";
}

// A cell is {text, num?, withheld?}: money, a withheld figure or text.
export function money(amount, reason) {
  if (amount === undefined || amount === null) return { text: withheldText(reason), withheld: true };
  return { text: chf(amount), num: true };
}

// table builds an accessible table: a caption, column headers, one header
// cell per row, and an optional footer row.
export function table(caption, head, rows, foot) {
  const cell = (tag, c, scope) => {
    const o = typeof c === "string" ? { text: c } : c;
    return el(tag, { class: [o.num && "num", o.withheld && "withheld"].filter(Boolean).join(" ") || undefined, scope }, o.text);
  };
  const tr = (cells, tag) => el("tr", {}, cells.map((c, i) => cell(i === 0 ? "th" : tag, c, i === 0 ? "row" : undefined)));
  return el("div", { class: "table-wrap" },
    el("table", {},
      el("caption", {}, caption),
      el("thead", {}, el("tr", {}, head.map((h) => cell("th", h, "col")))),
      el("tbody", {}, rows.map((r) => tr(r, "td"))),
      foot ? el("tfoot", {}, tr(foot, "td")) : null));
}

// MARKS selects the labelled marks of a Plot figure: bars, points and the
// "withheld" labels, each with its own aria-label (axes label only groups).
export const MARKS = "svg :is(rect, circle, text)[aria-label]";

// focusable makes every labelled mark of a Plot figure reachable by
// keyboard and shows the label of the focused one in readout, so that
// focus, like hover, shows the exact amount.
export function focusable(figure, readout) {
  for (const mark of figure.querySelectorAll(MARKS)) {
    mark.setAttribute("tabindex", "0");
    mark.setAttribute("role", "img");
    mark.addEventListener("focus", () => { readout.textContent = mark.getAttribute("aria-label"); });
    mark.addEventListener("blur", () => { readout.textContent = ""; });
  }
  return figure;
}
