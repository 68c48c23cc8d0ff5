// Hand-made tool results for what the demo books cannot produce today:
// Aggregate answers with withheld figures (issue 9's shape: the money field
// is absent and the record says why in "withheld"), an error without
// remedy, empty answers, and a host that sends no theme.

const REASON = "fewer than 3 postings";

export function handmade() {
  const result = (sc, isError = false) => ({ content: [{ type: "text", text: JSON.stringify(sc) }], structuredContent: sc, isError });
  return [
    {
      // Aggregate's grouped shape: a series' total is for its years in full,
      // its withheld points are in withheldCategories, and a period whose
      // total is withheld has its withheld categories withheld too. A refund
      // makes one category negative in March.
      name: "spending withheld",
      tool: "get_spending_over_time",
      result: result({
        mandator: "Verein Zürichsee", fromYear: 2026, toYear: 2026, interval: "month", groupBy: "subclass",
        series: [
          { name: "Anlässe", number: 40, totalChf: "1450.00", points: [
            { period: "2026-01", amountChf: "1200.00" }, { period: "2026-02", withheld: REASON }, { period: "2026-03", amountChf: "0.00" }] },
          { name: "Porto", number: 42, totalChf: "47.50", points: [
            { period: "2026-01", withheld: REASON }, { period: "2026-02", amountChf: "0.00" }, { period: "2026-03", withheld: REASON }] },
          { name: "Spesen", number: 43, totalChf: "-12.35", points: [
            { period: "2026-01", amountChf: "0.00" }, { period: "2026-02", amountChf: "0.00" }, { period: "2026-03", amountChf: "-12.35" }] },
        ],
        withheldCategories: [
          { period: "2026-01", amountChf: "35.50" }, { period: "2026-02", withheld: REASON }, { period: "2026-03", amountChf: "12.00" }],
        totals: [
          { period: "2026-01", amountChf: "1235.50" }, { period: "2026-02", withheld: REASON }, { period: "2026-03", amountChf: "-0.35" }],
        totalChf: "1485.15",
      }),
    },
    {
      // Aggregate's shape ungrouped: the one series' withheld months.
      name: "spending total withheld",
      tool: "get_spending_over_time",
      result: result({
        mandator: "Verein Zürichsee", fromYear: 2026, toYear: 2026, interval: "quarter", groupBy: "total",
        series: [{ name: "Total", totalChf: "4210.80", points: [
          { period: "2026-Q1", amountChf: "1234567.85" }, { period: "2026-Q2", withheld: "published only for 2026-01 to 2026-06" },
          { period: "2026-Q3", amountChf: "0.00" }, { period: "2026-Q4", withheld: REASON }] }],
        totalChf: "4210.80",
      }),
    },
    {
      name: "categories withheld",
      tool: "get_expenses_by_category",
      result: result({
        mandator: "Verein Zürichsee", year: 2026, groupBy: "subclass", totalChf: "3120.40",
        categories: [
          { name: "Anlässe", number: 40, totalChf: "2890.40", transactionCount: 14 },
          { name: "Miete", number: 41, withheld: REASON },
          { name: "Spesen", number: 43, totalChf: "-12.35", transactionCount: 4 },
        ],
      }),
    },
    {
      name: "total withheld",
      tool: "get_expenses_by_category",
      result: result({
        mandator: "Verein Zürichsee", year: 2026, groupBy: "subclass", withheld: "the period is shorter than a month",
        categories: [{ name: "Miete", number: 41, withheld: "the period is shorter than a month" }],
      }),
    },
    {
      name: "net worth withheld",
      tool: "get_net_worth_history",
      result: result({
        mandator: "Verein Zürichsee", fromYear: 2026, toYear: 2026,
        months: [
          { month: "2026-01", totalActivaChf: "15234.10", totalPassivaChf: "1200.00", equityChf: "14034.10" },
          { month: "2026-02", equityChf: "14100.00", withheld: REASON },
          { month: "2026-03", totalActivaChf: "1234567.85", totalPassivaChf: "1000000.00", equityChf: "234567.85" },
        ],
      }),
    },
    {
      name: "years withheld",
      tool: "compare_years",
      result: result({
        mandator: "Verein Zürichsee", side: "expenses", groupBy: "subclass",
        comparison: [
          { year: 2025, totalExpensesChf: "5120.00", byCategory: { Anlässe: "3120.00", Miete: "2000.00" } },
          { year: 2026, withheld: REASON },
          { year: 2027, totalExpensesChf: "4999.95", byCategory: { Anlässe: "2999.95", Miete: "2000.00" } },
        ],
      }),
    },
    {
      name: "error without remedy",
      tool: "get_net_worth_history",
      state: "error",
      result: result({ error: { code: "data_unreadable", message: "2026/Verein Zürichsee/Data/Transactions.xml line 12: unexpected end of file", retryable: true } }, true),
    },
    {
      name: "no months",
      tool: "get_net_worth_history",
      state: "empty",
      result: result({ mandator: "Verein Zürichsee", fromYear: 2028, toYear: 2028, months: [] }),
    },
    {
      name: "no theme from the host",
      tool: "get_expenses_by_category",
      themes: ["none"],
      result: result({
        mandator: "Claudio Schaad", year: 2026, groupBy: "subclass", totalChf: "100.00",
        categories: [{ name: "Lebensmittel", number: 40, totalChf: "100.00", transactionCount: 3 }],
      }),
    },
  ];
}
