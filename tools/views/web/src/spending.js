// The view of get_spending_over_time: bars per month or quarter, stacked by
// category when grouped; the answer's total above; a table of every point.
import * as Plot from "@observablehq/plot";
import { ACCENT, every, margin, tick } from "./axis.js";
import { cents, chf, isAmount, unbroken, value } from "./format.js";
import { money, table, withheldText } from "./page.js";

export function spending(sc, width) {
  const series = sc.series ?? [];
  const grouped = sc.groupBy !== undefined && sc.groupBy !== "total";
  const periods = [];
  for (const s of series) for (const p of s.points ?? []) if (!periods.includes(p.period)) periods.push(p.period);
  const bars = [];
  const held = [];
  for (const s of series) {
    for (const p of s.points ?? []) {
      const what = grouped ? `${s.name} · ${p.period}` : p.period;
      if (isAmount(p.amountChf)) {
        bars.push({ period: p.period, name: s.name, v: value(p.amountChf), label: `${what}: CHF ${chf(p.amountChf)}` });
      } else {
        held.push({ period: p.period, label: `${what}: ${withheldText(p.withheld ?? s.withheld)}` });
      }
    }
  }
  const empty = held.length === 0 && bars.every((b) => b.v === 0) &&
    series.every((s) => (s.points ?? []).every((p) => !isAmount(p.amountChf) || cents(p.amountChf) === 0n));
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
  out.chart = Plot.plot({
    width,
    height: 300,
    marginLeft: 64,
    marginBottom: periods.length > 12 ? 56 : 30,
    x: { domain: periods, label: null, ticks: every(periods, 24), tickRotate: periods.length > 12 ? -45 : 0 },
    y: { grid: true, label: "CHF", tickFormat: tick },
    color: grouped ? { legend: true, domain: names } : undefined,
    marks: [
      Plot.barY(bars, { x: "period", y: "v", fill: grouped ? "name" : ACCENT, ariaLabel: "label", title: (d) => unbroken(d.label), tip: true }),
      Plot.ruleY([0]),
      Plot.text(held, { x: "period", y: 0, text: () => "withheld", rotate: -90, textAnchor: "start", dx: -4, ariaLabel: "label", title: "label" }),
    ],
  });
  out.table = table(
    `Spending per ${per} in CHF`,
    [per === "month" ? "Month" : "Quarter", ...names.map((n) => ({ text: n, num: true }))],
    periods.map((period) => [period, ...series.map((s) => {
      const p = (s.points ?? []).find((q) => q.period === period);
      return p ? money(p.amountChf, p.withheld ?? s.withheld) : "";
    })]),
    ["Total", ...series.map((s) => money(s.totalChf, s.withheld))],
  );
  return out;
}
