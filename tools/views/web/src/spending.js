// The view of get_spending_over_time: bars per month or quarter, stacked by
// category when grouped, with the answer's total of each period as a line
// over them; in Aggregate the categories withheld in a period are one more
// segment, "withheld categories". Every amount drawn is a string of the
// answer: nothing is added up here (Plot stacks the bars to place them).
import * as Plot from "@observablehq/plot";
import { ACCENT, fit, tick } from "./axis.js";
import { cents, chf, isAmount, unbroken, value } from "./format.js";
import { money, table, withheldText } from "./page.js";
import { HATCH, hatchDefs } from "./hatch.js";

// The names of the two rows of the answer that are not categories.
export const WITHHELD = "withheld categories";
export const TOTAL = "Total";

// figure returns a point's amount, or its withheld reason in words.
function figure(p, fallback) {
  return isAmount(p.amountChf) ? `CHF ${chf(p.amountChf)}` : withheldText(p.withheld ?? fallback);
}

// isZero reports whether a point is shown as 0.00.
function isZero(p) {
  return isAmount(p.amountChf) && cents(p.amountChf) === 0n;
}

export function spending(sc, width) {
  const series = sc.series ?? [];
  const grouped = sc.groupBy !== undefined && sc.groupBy !== "total";
  const totals = grouped ? sc.totals ?? [] : [];
  const rest = grouped ? sc.withheldCategories : undefined;
  const periods = [];
  for (const s of series) for (const p of s.points ?? []) if (!periods.includes(p.period)) periods.push(p.period);
  for (const p of [...totals, ...(rest ?? [])]) if (!periods.includes(p.period)) periods.push(p.period);
  const totalOf = new Map(totals.map((p) => [p.period, `${TOTAL} · ${p.period}: ${figure(p)}`]));

  const bars = [];
  const held = [];
  const bar = (name, p, what) => {
    const label = `${what}: ${figure(p)}`;
    const total = totalOf.get(p.period);
    bars.push({ period: p.period, name, v: value(p.amountChf), label, tip: unbroken(total ? `${label}\n${total}` : label) });
  };
  for (const s of series) {
    for (const p of s.points ?? []) {
      const what = grouped ? `${s.name} · ${p.period}` : p.period;
      if (isAmount(p.amountChf)) bar(s.name, p, what);
      // The withheld categories' segment stands for these when the answer has it.
      else if (!rest) held.push({ period: p.period, label: `${what}: ${withheldText(p.withheld ?? s.withheld)}` });
    }
  }
  // Withheld figures of the line and the segment are marked above the chart.
  const restHeld = [];
  for (const p of rest ?? []) {
    if (isAmount(p.amountChf)) bar(WITHHELD, p, `${WITHHELD} · ${p.period}`);
    else restHeld.push({ period: p.period, label: `${WITHHELD} · ${p.period}: ${figure(p)}` });
  }
  const line = [];
  const dots = [];
  const totalHeld = [];
  for (const p of totals) {
    const label = totalOf.get(p.period);
    if (isAmount(p.amountChf)) {
      line.push({ period: p.period, v: value(p.amountChf) });
      dots.push({ period: p.period, v: value(p.amountChf), label });
    } else {
      line.push({ period: p.period, v: NaN });
      totalHeld.push({ period: p.period, label });
    }
  }

  const figures = [...series.flatMap((s) => s.points ?? []), ...totals, ...(rest ?? [])];
  const empty = figures.every(isZero);
  const span = sc.fromYear === sc.toYear ? `${sc.fromYear}` : `${sc.fromYear}–${sc.toYear}`;
  const per = sc.interval === "quarter" ? "quarter" : "month";
  const out = {
    title: `Spending per ${per}, ${span}`,
    sub: [sc.mandator, grouped ? `by ${sc.groupBy}` : ""].filter(Boolean).join(" · "),
    total: isAmount(sc.totalChf) ? `Total CHF ${chf(sc.totalChf)}` : `Total ${withheldText(sc.withheld)}`,
    empty,
  };
  if (empty) return out;
  const names = series.map((s) => s.name);
  const color = grouped ? legend(names, rest !== undefined, totals.length > 0) : undefined;
  out.chart = Plot.plot({
    width,
    height: 300,
    marginLeft: 64,
    marginTop: totalHeld.length || restHeld.length ? 104 : 20,
    marginBottom: 30,
    // "2026-01" or "2026-Q1": as many as fit in the plot's width (Plot's
    // default right margin is 20 px).
    x: { domain: periods, label: null, ticks: fit(periods, width - 64 - 20, 7) },
    y: { grid: true, label: "CHF", tickFormat: tick },
    color,
    marks: [
      Plot.barY(bars, { x: "period", y: "v", fill: grouped ? "name" : ACCENT, ariaLabel: "label", title: "tip", tip: true }),
      Plot.ruleY([0]),
      Plot.text(held, { x: "period", y: 0, text: () => "withheld", rotate: -90, textAnchor: "start", dx: -4, ariaLabel: "label", title: "label" }),
      Plot.lineY(line, { x: "period", y: "v", stroke: "currentColor", strokeWidth: 1.5, ariaHidden: true }),
      Plot.dot(dots, { x: "period", y: "v", fill: "currentColor", r: 3.5, ariaLabel: "label", title: "label" }),
      ...[[totalHeld, -6, "total withheld"], [restHeld, 6, "categories withheld"]].map(([data, dx, text]) => Plot.text(data, {
        x: "period", frameAnchor: "top", dx, dy: -4, text: () => text, rotate: -90, textAnchor: "start", fontStyle: "italic", ariaLabel: "label", title: "label" })),
    ],
  });
  if (rest) out.chart.prepend(hatchDefs());
  out.table = spendingTable(sc, series, periods, per, totals, rest);
  return out;
}

// legend is the colour scale of a grouped chart: the categories in Plot's
// categorical scheme, the withheld categories hatched and the total line in
// the text colour.
function legend(names, withheld, total) {
  const scheme = Plot.scale({ color: { type: "categorical", domain: names } });
  const domain = [...names];
  const range = names.map((n) => scheme.apply(n));
  if (withheld) domain.push(WITHHELD), range.push(`url(#${HATCH})`);
  if (total && !names.includes(TOTAL)) domain.push(TOTAL), range.push("currentColor");
  return { legend: true, domain, range };
}

// spendingTable lists every period: one column per category, then the
// withheld categories and the total when the answer has them; the footer
// holds each category's total and the answer's.
function spendingTable(sc, series, periods, per, totals, rest) {
  const at = (points, period) => (points ?? []).find((q) => q.period === period);
  const cell = (p, fallback) => (p ? money(p.amountChf, p.withheld ?? fallback) : "");
  const extra = [];
  if (rest) extra.push({ head: "Withheld categories", points: rest, foot: "" });
  if (totals.length) extra.push({ head: TOTAL, points: totals, foot: money(sc.totalChf, sc.withheld) });
  return table(
    `Spending per ${per} in CHF`,
    [per === "month" ? "Month" : "Quarter", ...[...series.map((s) => s.name), ...extra.map((e) => e.head)].map((n) => ({ text: n, num: true }))],
    periods.map((period) => [period, ...series.map((s) => cell(at(s.points, period), s.withheld)), ...extra.map((e) => cell(at(e.points, period)))]),
    ["Total", ...series.map((s) => money(s.totalChf, s.withheld)), ...extra.map((e) => e.foot)],
  );
}
