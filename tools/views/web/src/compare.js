// The view of compare_years: grouped bars per category and year, with the
// change against the year before (computed in cents from the two published
// figures; never where either is withheld or absent).
import * as Plot from "@observablehq/plot";
import { margin, tick } from "./axis.js";
import { change, chf, isAmount, unbroken, value } from "./format.js";
import { el, money, table, withheldText } from "./page.js";

const SIDES = [
  ["byCategory", "totalExpensesChf", "Expenses"],
  ["incomeByCategory", "totalIncomeChf", "Income"],
];

// changeCell is the change from a to b, or a blank when either is missing.
function changeCell(a, b) {
  return isAmount(a) && isAmount(b) ? { text: change(a, b), num: true } : "";
}

function side(years, key, totalKey, title, width) {
  const entries = years.filter((y) => y[key] !== undefined || y.withheld !== undefined);
  const cats = [];
  for (const y of years) for (const c of Object.keys(y[key] ?? {})) if (!cats.includes(c)) cats.push(c);
  if (cats.length === 0 && entries.length === 0) return null;
  const labels = years.map((y) => String(y.year));
  const bars = [];
  const changes = [];
  const held = [];
  for (const c of cats) {
    years.forEach((y, i) => {
      const a = y[key]?.[c];
      if (isAmount(a)) {
        bars.push({ cat: c, year: labels[i], v: value(a), label: `${c} · ${labels[i]}: CHF ${chf(a)}` });
        const prev = i > 0 ? years[i - 1][key]?.[c] : undefined;
        if (isAmount(prev)) changes.push({ cat: c, year: labels[i], v: value(a), text: change(prev, a) });
      } else if (y.withheld !== undefined && a === undefined) {
        held.push({ cat: c, year: labels[i], label: `${c} · ${labels[i]}: ${withheldText(y.withheld)}` });
      }
    });
  }
  const head = ["Category"];
  years.forEach((y, i) => {
    head.push({ text: labels[i], num: true });
    if (i > 0) head.push({ text: `Change ${labels[i - 1]}→${labels[i]}`, num: true });
  });
  const row = (get, reason) => {
    const cells = [];
    years.forEach((y, i) => {
      const a = get(y);
      cells.push(a === undefined && y.withheld === undefined ? "" : money(a, reason(y)));
      if (i > 0) cells.push(changeCell(get(years[i - 1]), a));
    });
    return cells;
  };
  const section = { title, empty: cats.length === 0 };
  section.table = table(`${title} per year in CHF`, head,
    cats.map((c) => [c, ...row((y) => y[key]?.[c], (y) => y.withheld)]),
    ["Total", ...row((y) => y[totalKey], (y) => y.withheld)]);
  if (cats.length === 0) return section;
  section.chart = Plot.plot({
    width,
    height: cats.length * (years.length * 14 + 12) + 50,
    marginLeft: margin(cats),
    marginRight: 90,
    x: { grid: true, label: "CHF", tickFormat: tick },
    y: { domain: labels, axis: null },
    fy: { domain: cats, label: null, axis: "left" },
    color: { legend: true, domain: labels },
    marks: [
      Plot.barX(bars, { fy: "cat", y: "year", x: "v", fill: "year", ariaLabel: "label", title: (d) => unbroken(d.label), tip: true }),
      Plot.ruleX([0]),
      Plot.text(changes, { fy: "cat", y: "year", x: "v", text: "text", textAnchor: "start", dx: 4, fontSize: 10, ariaHidden: true }),
      Plot.text(held, { fy: "cat", y: "year", x: 0, text: () => "withheld", textAnchor: "start", dx: 4, ariaLabel: "label", title: "label" }),
    ],
  });
  return section;
}

export function compare(sc, width) {
  const years = sc.comparison ?? [];
  const totals = years.map((y) => {
    const parts = [];
    if (y.totalExpensesChf !== undefined || y.withheld !== undefined) parts.push(`expenses ${isAmount(y.totalExpensesChf) ? `CHF ${chf(y.totalExpensesChf)}` : withheldText(y.withheld)}`);
    if (y.totalIncomeChf !== undefined) parts.push(`income CHF ${chf(y.totalIncomeChf)}`);
    return `${y.year}: ${parts.join(" · ")}`;
  });
  const sections = SIDES.map(([key, totalKey, title]) => side(years, key, totalKey, title, width)).filter(Boolean);
  const out = {
    title: `Years compared: ${years.map((y) => y.year).join(", ")}`,
    sub: [sc.mandator, sc.groupBy ? `by ${sc.groupBy}` : ""].filter(Boolean).join(" · "),
    total: totals.join("\n"),
    empty: sections.every((s) => s.empty),
    sections,
  };
  return out;
}

// sectionNodes lays out the sections of a comparison.
export function sectionNodes(sections, readout, focusable) {
  return sections.flatMap((s) => [el("h2", {}, s.title), s.chart ? focusable(s.chart, readout) : null, s.table]);
}
