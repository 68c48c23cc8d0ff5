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

// expected returns {drawn, tables, total, withheld} for tool's answer sc:
// drawn is the sorted list of amounts the chart's labelled marks must show,
// tables the rows (header first, footer last) of each table, withheld the
// reasons the chart must show for withheld figures.
export function expected(tool, sc) {
  const drawn = [];
  const withheld = [];
  const tables = [];
  let total;
  const draw = (v, reason) => (isMoney(v) ? drawn.push(swiss(v)) : withheld.push(held(reason)));
  if (tool === "get_spending_over_time") {
    const periods = [...new Set(sc.series.flatMap((s) => s.points.map((p) => p.period)))];
    for (const s of sc.series) for (const p of s.points) draw(p.amountChf, p.withheld);
    tables.push([
      [sc.interval === "quarter" ? "Quarter" : "Month", ...sc.series.map((s) => s.name)],
      ...periods.map((period) => [period, ...sc.series.map((s) => {
        const p = s.points.find((q) => q.period === period);
        return p ? cell(p.amountChf, p.withheld) : "";
      })]),
      ["Total", ...sc.series.map((s) => cell(s.totalChf, s.withheld))],
    ]);
    total = `Total ${isMoney(sc.totalChf) ? `CHF ${swiss(sc.totalChf)}` : held(sc.withheld)}`;
  } else if (tool === "get_net_worth_history") {
    const keys = ["totalActivaChf", "totalPassivaChf", "equityChf"];
    for (const m of sc.months) for (const k of keys) if (isMoney(m[k])) drawn.push(swiss(m[k]));
    for (const m of sc.months) if (keys.some((k) => !isMoney(m[k]))) withheld.push(held(m.withheld));
    tables.push([["Month", "Assets", "Liabilities", "Net worth"], ...sc.months.map((m) => [m.month, ...keys.map((k) => cell(m[k], m.withheld))])]);
    const last = sc.months.at(-1);
    if (last) total = `Net worth at the end of ${last.month}: ${isMoney(last.equityChf) ? `CHF ${swiss(last.equityChf)}` : held(last.withheld)}`;
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
  return { drawn, tables, total, withheld };
}
