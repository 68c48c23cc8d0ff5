import { forecastExpected } from "./expect_forecast.mjs";

// What a view must show for a tool answer, worked out here from the answer
// alone and independently of the view's code: the amounts its chart must
// draw and the table it must hold, cell by cell, formatted the Swiss way.

// swiss groups a money string's integer digits by three with "'".
export function swiss(s) {
  const neg = s.startsWith("-");
  const [int, frac] = (neg ? s.slice(1) : s).split(".");
  let out = "";
  for (let k = 0; k < int.length; k++) {
    if (k > 0 && (int.length - k) % 3 === 0) out += "'";
    out += int[k];
  }
  return `${neg ? "-" : ""}${out}.${frac}`;
}

const isMoney = (v) => typeof v === "string" && /^-?\d+\.\d\d$/.test(v);
const held = (reason) => (reason ? `withheld (${reason})` : "withheld");
const cell = (v, reason) => (isMoney(v) ? swiss(v) : held(reason));

// diff returns b − a, exactly, with a sign: amounts have two decimals, so
// whole cents are exact integers in a double.
function diff(a, b) {
  const c = Math.round(Number(b) * 100) - Math.round(Number(a) * 100);
  const s = `${Math.trunc(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
  return `${c < 0 ? "-" : "+"}${swiss(s)}`;
}

// expected returns {drawn, tables, total, withheld, labels} for tool's
// answer sc: drawn is the sorted list of amounts the chart's labelled marks
// must show, tables the rows (header first, footer last) of each table,
// withheld the reasons the chart must show for withheld figures, and labels
// (spending only) the sorted labels of every mark.
export function expected(tool, sc) {
  const drawn = [];
  const withheld = [];
  const tables = [];
  let total;
  let labels;
  let title;
  const draw = (v, reason) => (isMoney(v) ? drawn.push(swiss(v)) : withheld.push(held(reason)));
  if (tool === "get_spending_over_time") {
    const e = spending(sc);
    drawn.push(...e.drawn);
    withheld.push(...e.withheld);
    tables.push(e.table);
    labels = e.labels;
    total = `Total ${isMoney(sc.totalChf) ? `CHF ${swiss(sc.totalChf)}` : held(sc.withheld)}`;
  } else if (tool === "get_net_worth_history") {
    const keys = ["totalActivaChf", "totalPassivaChf", "equityChf"];
    for (const m of sc.months) for (const k of keys) if (isMoney(m[k])) drawn.push(swiss(m[k]));
    for (const m of sc.months) if (keys.some((k) => !isMoney(m[k]))) withheld.push(held(m.withheld));
    tables.push([["Month", "Assets", "Liabilities", "Net worth"], ...sc.months.map((m) => [m.month, ...keys.map((k) => cell(m[k], m.withheld))])]);
    const last = sc.months.at(-1);
    if (last) total = `Net worth at the end of ${last.month}: ${isMoney(last.equityChf) ? `CHF ${swiss(last.equityChf)}` : held(last.withheld)}`;
    // The title names the years of the first and the last month drawn.
    const [first, end] = [sc.months[0]?.month.slice(0, 4), last?.month.slice(0, 4)];
    if (first) title = `Net worth at month end, ${first === end ? first : `${first}–${end}`}`;
  } else if (tool === "get_expenses_by_category") {
    const name = (c) => (c.number ? `${c.number} ${c.name}` : c.name);
    const share = (c) => {
      if (!isMoney(c.totalChf) || !isMoney(sc.totalChf) || Number(sc.totalChf) === 0) return isMoney(c.totalChf) ? "" : held(c.withheld);
      const p = (Number(c.totalChf) / Number(sc.totalChf)) * 100;
      return `${(Math.round(Math.abs(p) * 10) / 10 * Math.sign(p)).toFixed(1)} %`;
    };
    for (const c of sc.categories) draw(c.totalChf, c.withheld);
    tables.push([
      ["Category", "CHF", "Share", "Postings"],
      ...sc.categories.map((c) => [name(c), cell(c.totalChf, c.withheld), share(c), c.transactionCount === undefined ? "" : String(c.transactionCount)]),
      ["Total", cell(sc.totalChf, sc.withheld), "", ""],
    ]);
    total = `Total ${isMoney(sc.totalChf) ? `CHF ${swiss(sc.totalChf)}` : held(sc.withheld)}`;
  } else if (tool === "forecast_year_end") {
    const e = forecastExpected(sc);
    drawn.push(...e.drawn);
    tables.push(...e.tables);
    total = e.total;
  } else if (tool === "compare_years") {
    const years = sc.comparison;
    for (const [key, totalKey] of [["byCategory", "totalExpensesChf"], ["incomeByCategory", "totalIncomeChf"]]) {
      const cats = [...new Set(years.flatMap((y) => Object.keys(y[key] ?? {})))];
      if (cats.length === 0) continue;
      const row = (get) => years.flatMap((y, i) => {
        const v = get(y);
        const here = v === undefined && y.withheld === undefined ? "" : cell(v, y.withheld);
        if (i === 0) return [here];
        const prev = get(years[i - 1]);
        return [here, isMoney(prev) && isMoney(v) ? diff(prev, v) : ""];
      });
      for (const c of cats) for (const y of years) {
        const v = y[key]?.[c];
        if (isMoney(v)) drawn.push(swiss(v));
        else if (v === undefined && y.withheld !== undefined) withheld.push(held(y.withheld));
      }
      tables.push([
        ["Category", ...years.flatMap((y, i) => (i === 0 ? [String(y.year)] : [String(y.year), `Change ${years[i - 1].year}→${y.year}`]))],
        ...cats.map((c) => [c, ...row((y) => y[key]?.[c])]),
        ["Total", ...row((y) => y[totalKey])],
      ]);
    }
  }
  drawn.sort();
  withheld.sort();
  return { drawn, tables, total, withheld, labels, title };
}

// spending works out a spending answer's chart and table. Grouped by
// category, every point of every series is a bar; the answer's totals are
// the total line, one point a period, and in Aggregate its
// withheldCategories are one more segment of each bar, which then stands
// for the categories withheld in that period: they get no mark of their own.
// Each mark's label names what it shows ("Wohnen · 2026-01: CHF 1'850.00"),
// so labels pins every amount to its category and period; a withheld
// figure's label gives the answer's reason.
function spending(sc) {
  const grouped = sc.groupBy !== undefined && sc.groupBy !== "total";
  const rest = grouped ? sc.withheldCategories : undefined;
  const totals = grouped ? sc.totals ?? [] : [];
  const periods = [...new Set([...sc.series.flatMap((s) => s.points), ...totals, ...(rest ?? [])].map((p) => p.period))];
  const drawn = [];
  const withheld = [];
  const labels = [];
  // what names the row of a mark; an ungrouped answer's one series has none.
  const mark = (what, p, fallback) => {
    const shown = isMoney(p.amountChf) ? `CHF ${swiss(p.amountChf)}` : held(p.withheld ?? fallback);
    if (isMoney(p.amountChf)) drawn.push(swiss(p.amountChf));
    else withheld.push(shown);
    labels.push(`${what ? `${what} · ` : ""}${p.period}: ${shown}`);
  };
  for (const s of sc.series) {
    for (const p of s.points) {
      if (!isMoney(p.amountChf) && rest) continue;
      mark(grouped ? s.name : "", p, s.withheld);
    }
  }
  for (const p of rest ?? []) mark("withheld categories", p);
  for (const p of totals) mark("Total", p);
  const at = (points, period) => points.find((q) => q.period === period);
  const extra = [...(rest ? [["Withheld categories", rest, ""]] : []), ...(totals.length ? [["Total", totals, cell(sc.totalChf, sc.withheld)]] : [])];
  const table = [
    [sc.interval === "quarter" ? "Quarter" : "Month", ...sc.series.map((s) => s.name), ...extra.map((x) => x[0])],
    ...periods.map((period) => [period, ...[...sc.series.map((s) => [s.points, s.withheld]), ...extra.map((x) => [x[1]])].map(([points, reason]) => {
      const p = at(points, period);
      return p ? cell(p.amountChf, p.withheld ?? reason) : "";
    })]),
    ["Total", ...sc.series.map((s) => cell(s.totalChf, s.withheld)), ...extra.map((x) => x[2])],
  ];
  return { drawn, withheld, labels: labels.sort(), table };
}
