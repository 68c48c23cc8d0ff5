// What the forecast view must show for a forecast_year_end answer, from the
// answer alone: one point per day of its path at its cumulative result,
// the year-end figures and the path as tables, and the year-end result
// with its interval as the total line.
import { swiss } from "./expect.mjs";

export function forecastExpected(sc) {
  const drawn = sc.path.map((p) => swiss(p.netChf));
  const figures = [["incomeChf", "Income"], ["expensesChf", "Expenses"], ["netChf", "Result"], ["netWorthChf", "Net worth (31 Dec)"]];
  const tables = [
    [["Figure", "Booked", "Forecast", "Low", "High"],
      ...figures.map(([k, name]) => [name, swiss(sc[k].actual), swiss(sc[k].forecast), swiss(sc[k].low), swiss(sc[k].high)])],
    [["Date", "Result", "Low", "High"],
      ...sc.path.map((p) => [`${p.date}${p.forecast ? " (forecast)" : ""}`, swiss(p.netChf), swiss(p.lowChf), swiss(p.highChf)])],
  ];
  const total = `Result at 31 December: CHF ${swiss(sc.netChf.forecast)} (between ${swiss(sc.netChf.low)} and ${swiss(sc.netChf.high)})`;
  return { drawn, tables, total };
}
