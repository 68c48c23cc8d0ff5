// The view of get_expenses_by_category: categories as horizontal bars in the
// answer's order (largest first), each with its share of the total.
import * as Plot from "@observablehq/plot";
import { ACCENT, margin, tick } from "./axis.js";
import { chf, isAmount, share, unbroken, value } from "./format.js";
import { money, table, withheldText } from "./page.js";

// name is a category's label: its number, when it has one, and its name.
function name(c) {
  return c.number ? `${c.number} ${c.name}` : c.name;
}

export function expenses(sc, width) {
  const cats = sc.categories ?? [];
  const total = isAmount(sc.totalChf) ? sc.totalChf : undefined;
  const shareOf = (c) => (total && isAmount(c.totalChf) ? share(c.totalChf, total) : "");
  const bars = [];
  const held = [];
  for (const c of cats) {
    if (isAmount(c.totalChf)) {
      const s = shareOf(c);
      bars.push({ cat: name(c), v: value(c.totalChf), text: `${chf(c.totalChf)}${s ? ` · ${s}` : ""}`,
        label: `${name(c)}: CHF ${chf(c.totalChf)}${s ? ` (${s})` : ""}` });
    } else {
      held.push({ cat: name(c), label: `${name(c)}: ${withheldText(c.withheld)}` });
    }
  }
  const range = sc.fromDate || sc.toDate ? ` (${sc.fromDate ?? "…"} to ${sc.toDate ?? "…"})` : "";
  const out = {
    title: `Expenses by ${sc.groupBy === "account" ? "account" : "category"}, ${sc.year}${range}`,
    sub: sc.mandator,
    total: total ? `Total CHF ${chf(total)}` : `Total ${withheldText(sc.withheld)}`,
    empty: cats.length === 0,
  };
  if (out.empty) return out;
  const labels = cats.map(name);
  out.chart = Plot.plot({
    width,
    height: 26 * cats.length + 40,
    marginLeft: margin(labels),
    marginRight: 150,
    x: { grid: true, label: "CHF", tickFormat: tick },
    y: { domain: labels, label: null },
    marks: [
      Plot.barX(bars, { y: "cat", x: "v", fill: ACCENT, ariaLabel: "label", title: (d) => unbroken(d.label), tip: true }),
      Plot.ruleX([0]),
      Plot.text(bars, { y: "cat", x: "v", text: "text", textAnchor: "start", dx: 4, ariaHidden: true }),
      Plot.text(held, { y: "cat", x: 0, text: () => "withheld", textAnchor: "start", dx: 4, ariaLabel: "label", title: "label" }),
    ],
  });
  out.table = table(
    `Expenses in CHF`,
    ["Category", { text: "CHF", num: true }, { text: "Share", num: true }, { text: "Postings", num: true }],
    cats.map((c) => [name(c), money(c.totalChf, c.withheld),
      { text: isAmount(c.totalChf) ? shareOf(c) : withheldText(c.withheld), num: isAmount(c.totalChf), withheld: !isAmount(c.totalChf) },
      { text: c.transactionCount === undefined ? "" : String(c.transactionCount), num: true }]),
    ["Total", money(sc.totalChf, sc.withheld), "", ""],
  );
  return out;
}
