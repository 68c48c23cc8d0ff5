// Arguments for every tool, keyed by tool name: the suite discovers the
// tools from tools/list and calls each with every entry that applies to the
// mode, so a tool added without an entry here fails the suite by name.
// Entries are argument objects, or { args, modes } for mode-specific ones.
const club = 'Verein Zürichsee';
const home = 'Claudio Schaad';
const detail = ['Full', 'Local'];

export const toolArgs = {
  list_mandators: [{}, { year: 2025 }],
  list_years: [{ mandator: home }, { mandator: club }],
  get_mandators_overview: [{}, { year: 2025, limit: 1 }],
  list_accounts: [{ mandator: home }, { mandator: club, year: 2025, class: 'expenses' }],
  get_account: [{ mandator: home, year: 2025, number: 1010 }],
  get_balance_summary: [{ mandator: home }, { mandator: club, year: 2025 }],
  get_income_statement: [{ mandator: home, year: 2025 }, { mandator: home, year: 2025, fromDate: '2025-07-01', toDate: '2025-09-30' }],
  get_transactions: [{ mandator: home, year: 2026, textSearch: 'coop', limit: 20 }],
  search_transactions: [{ mandator: home, query: 'zurich', limit: 20 }],
  get_expenses_by_category: [
    { mandator: home, year: 2025 },
    { mandator: club, year: 2025, fromDate: '2025-01-01', toDate: '2025-03-31' },
    { args: { mandator: home, year: 2025, groupBy: 'account' }, modes: detail },
  ],
  compare_years: [
    { mandator: home, years: [2024, 2025, 2026] },
    { args: { mandator: club, years: [2025, 2026], side: 'expenses', groupBy: 'account' }, modes: detail },
  ],
  get_spending_over_time: [{ mandator: home, year: 2025 }, { mandator: home, fromYear: 2024, toYear: 2026, interval: 'quarter' }],
  get_net_worth_history: [{ mandator: home }],
  forecast_year_end: [{ mandator: home, year: 2026, asOf: '2026-06-30' }, { mandator: club, year: 2025 }],
  get_cash_flow: [
    { mandator: home, year: 2025 },
    { args: { mandator: club, year: 2026, interval: 'quarter', cashAccounts: [1010] }, modes: detail },
  ],
  find_unusual_transactions: [{ mandator: home, year: 2026 }, { mandator: home, year: 2026, fromDate: '2026-03-01', toDate: '2026-03-31', limit: 5 }],
  get_trial_balance: [{ mandator: home, year: 2025 }, { mandator: club, year: 2026, fromDate: '2026-04-01', toDate: '2026-06-30' }],
  get_recurring_transactions: [{ mandator: home, year: 2026 }],
  get_open_bank_transactions: [{ mandator: home, year: 2026, limit: 20 }],
  check_books: [{ mandator: home, year: 2025 }, { mandator: club, year: 2026 }],
};

/** casesFor returns the argument objects for tool in mode, or null when the table has no entry. */
export function casesFor(tool, mode) {
  const entries = toolArgs[tool];
  if (!entries) return null;
  return entries
    .filter((e) => !e.modes || e.modes.includes(mode))
    .map((e) => (e.modes ? e.args : e));
}
