package sensitive

// Attention is one thing a fiduciary should look at in a mandator's books.
type Attention struct {
	Code  string `json:"code" jsonschema:"stale_bank_lines (open over 30 days), data_problems (errors, unreadable files), loss, not_saved (count: days, over 90), year_not_started"`
	Count int    `json:"count"`
}

// MandatorOverview is one mandator's row of get_mandators_overview.
type MandatorOverview struct {
	Mandator  string `json:"mandator"`
	FirstYear int    `json:"firstYear" jsonschema:"first year with books"`
	LastYear  int    `json:"lastYear" jsonschema:"last year with books"`
	Year      int    `json:"year" jsonschema:"the year the figures are for"`
	DataAsOf  string `json:"dataAsOf,omitempty" jsonschema:"last save of that year's files (RFC 3339)"`
	// The figures are absent when the year's books cannot be read.
	EquityChf         string         `json:"equityChf,omitempty"`
	NetChf            string         `json:"netChf,omitempty" jsonschema:"income minus expenses so far"`
	IncomeChf         string         `json:"incomeChf,omitempty"`
	ExpensesChf       string         `json:"expensesChf,omitempty"`
	Postings          int            `json:"postings"`
	UnbookedBankLines int            `json:"unbookedBankLines" jsonschema:"bank lines not booked yet"`
	Findings          map[string]int `json:"findings" jsonschema:"check_books findings by code"`
	Attention         []Attention    `json:"attention" jsonschema:"empty when nothing needs a look"`
	Error             string         `json:"error,omitempty" jsonschema:"why the year's books cannot be read; call check_books for detail"`
}

// MandatorsOverview answers get_mandators_overview.
type MandatorsOverview struct {
	Year          int                `json:"year,omitempty"`
	AsOf          string             `json:"asOf" jsonschema:"today, the day ages are counted from"`
	Mandators     []MandatorOverview `json:"mandators" jsonschema:"those needing attention first, then latest save first"`
	Total         int                `json:"total" jsonschema:"mandators with books"`
	NeedAttention int                `json:"needAttention"`
	Offset        int                `json:"offset"`
	NextOffset    int                `json:"nextOffset,omitempty"`
	Truncated     bool               `json:"truncated"`
	Warnings      []string           `json:"warnings,omitempty"`
}
