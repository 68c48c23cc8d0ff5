// The view of get_net_worth_history: month-end assets, liabilities and net
// worth as lines, with a table of every month.
import * as Plot from "@observablehq/plot";
import { fit, tick } from "./axis.js";
import { chf, isAmount, unbroken, value } from "./format.js";
import { money, table, withheldText } from "./page.js";

const LINES = [
  ["totalActivaChf", "Assets", "#3b7dd8"],
  ["totalPassivaChf", "Liabilities", "#d9822b"],
  ["equityChf", "Net worth", "#2e9e5b"],
];

// monthDate places "YYYY-MM" on a UTC time axis: the calendar month as
// written, never shifted by a time zone.
function monthDate(month) {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, 1));
}

export function netWorth(sc, width) {
  const months = sc.months ?? [];
  const line = [];
  const dots = [];
  const held = [];
  for (const m of months) {
    const date = monthDate(m.month);
    const missing = [];
    for (const [key, name] of LINES) {
      if (isAmount(m[key])) {
        const point = { date, series: name, v: value(m[key]), label: `${name} ${m.month}: CHF ${chf(m[key])}` };
        line.push(point);
        dots.push(point);
      } else {
        line.push({ date, series: name, v: NaN });
        missing.push(name.toLowerCase());
      }
    }
    if (missing.length) held.push({ date, label: `${m.month}: ${missing.join(", ")} ${withheldText(m.withheld)}` });
  }
  const last = months[months.length - 1];
  // The title names the years the months drawn span, which end before
  // toYear when its months are still to come (the current year up to this
  // month): never a year without a month in the chart.
  const from = months[0]?.month.slice(0, 4) ?? String(sc.fromYear);
  const to = last?.month.slice(0, 4) ?? String(sc.toYear);
  const span = from === to ? from : `${from}–${to}`;
  const out = {
    title: `Net worth at month end, ${span}`,
    sub: sc.mandator,
    total: last ? `Net worth at the end of ${last.month}: ${isAmount(last.equityChf) ? `CHF ${chf(last.equityChf)}` : withheldText(last.withheld)}` : "",
    empty: months.length === 0,
  };
  if (out.empty) return out;
  out.chart = Plot.plot({
    width,
    height: 300,
    marginLeft: 72,
    // Plot labels month ticks "Jan" with the year under the first of each
    // year: as many as fit in the plot's width (right margin 20 px).
    x: { type: "utc", label: null, ticks: fit(months.map((m) => monthDate(m.month)), width - 72 - 20, 4) },
    y: { grid: true, label: "CHF", tickFormat: tick },
    color: { legend: true, domain: LINES.map((l) => l[1]), range: LINES.map((l) => l[2]) },
    marks: [
      Plot.ruleY([0]),
      Plot.lineY(line, { x: "date", y: "v", stroke: "series", z: "series" }),
      Plot.dot(dots, { x: "date", y: "v", fill: "series", r: 2.5, ariaLabel: "label", title: (d) => unbroken(d.label), tip: true }),
      Plot.text(held, { x: "date", frameAnchor: "bottom", text: () => "withheld", rotate: -90, textAnchor: "start", dy: -4, ariaLabel: "label", title: "label" }),
    ],
  });
  out.table = table(
    "Month-end balances in CHF",
    ["Month", ...LINES.map((l) => ({ text: l[1], num: true }))],
    months.map((m) => [m.month, ...LINES.map(([key]) => money(m[key], m.withheld))]),
  );
  return out;
}
