// The view of forecast_year_end: the year's cumulative result, booked up to
// asOf (a solid line), then the forecast to 31 December (dashed) inside its
// interval (a band), with a table of the year-end figures and of the path.
import * as Plot from "@observablehq/plot";
import { tick } from "./axis.js";
import { chf, unbroken, value } from "./format.js";
import { el, money, table } from "./page.js";

// day places "YYYY-MM-DD" on a UTC time axis, as written.
function day(s) {
  const [y, m, d] = s.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

const FIGURES = [
  ["incomeChf", "Income"],
  ["expensesChf", "Expenses"],
  ["netChf", "Result"],
  ["netWorthChf", "Net worth (31 Dec)"],
];

export function forecast(sc, width) {
  const path = sc.path ?? [];
  const booked = path.filter((p) => !p.forecast);
  const ahead = path.filter((p) => p.forecast);
  const last = booked.at(-1);
  const out = {
    title: `Year-end forecast ${sc.year}, as of ${sc.asOf}`,
    sub: sc.mandator,
    total: `Result at 31 December: CHF ${chf(sc.netChf.forecast)} (between ${chf(sc.netChf.low)} and ${chf(sc.netChf.high)})`,
    empty: path.length === 0,
  };
  if (out.empty) return out;
  const label = (p) => (p.forecast
    ? `Forecast ${p.date}: CHF ${chf(p.netChf)} (CHF ${chf(p.lowChf)} to CHF ${chf(p.highChf)})`
    : `Booked ${p.date}: CHF ${chf(p.netChf)}`);
  const points = path.map((p) => ({ date: day(p.date), v: value(p.netChf), label: label(p), forecast: p.forecast }));
  const band = [last, ...ahead].map((p) => ({ date: day(p.date), lo: value(p.lowChf), hi: value(p.highChf) }));
  out.chart = Plot.plot({
    width,
    height: 300,
    marginLeft: 72,
    x: { type: "utc", label: null, domain: [day(`${sc.year}-01-01`), day(`${sc.year}-12-31`)] },
    y: { grid: true, label: "CHF", tickFormat: tick },
    marks: [
      Plot.ruleY([0]),
      Plot.areaY(band, { x: "date", y1: "lo", y2: "hi", fill: "#2e9e5b", fillOpacity: 0.18 }),
      Plot.lineY(points.filter((p) => !p.forecast), { x: "date", y: "v", stroke: "#2e9e5b" }),
      Plot.lineY([points[booked.length - 1], ...points.filter((p) => p.forecast)], { x: "date", y: "v", stroke: "#2e9e5b", strokeDasharray: "4,3" }),
      Plot.ruleX([day(sc.asOf)], { stroke: "currentColor", strokeOpacity: 0.4 }),
      Plot.dot(points, { x: "date", y: "v", fill: (d) => (d.forecast ? "white" : "#2e9e5b"), stroke: "#2e9e5b", r: 2.5, ariaLabel: "label", title: (d) => unbroken(d.label), tip: true }),
    ],
  });
  out.table = el("div", {},
    table(`Year-end figures in CHF, as of ${sc.asOf}`,
      ["Figure", { text: "Booked", num: true }, { text: "Forecast", num: true }, { text: "Low", num: true }, { text: "High", num: true }],
      FIGURES.map(([key, name]) => [name, money(sc[key].actual), money(sc[key].forecast), money(sc[key].low), money(sc[key].high)])),
    table("Cumulative result in CHF",
      ["Date", { text: "Result", num: true }, { text: "Low", num: true }, { text: "High", num: true }],
      path.map((p) => [`${p.date}${p.forecast ? " (forecast)" : ""}`, money(p.netChf), money(p.lowChf), money(p.highChf)])),
    el("p", { class: "note" }, `Method: ${sc.method}`));
  return out;
}
