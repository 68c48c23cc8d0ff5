package sensitive

// ForecastFigure is one year-end figure of forecast_year_end.
type ForecastFigure struct {
	Actual   string `json:"actual"`
	Forecast string `json:"forecast"`
	Low      string `json:"low"`
	High     string `json:"high" jsonschema:"[low, high] holds the year end 8 times in 10"`
}

// ForecastCategory is one income or expense subclass's forecast.
type ForecastCategory struct {
	Name           string `json:"name"`
	SubclassNumber int    `json:"subclassNumber"`
	Side           string `json:"side" jsonschema:"income or expenses"`
	ActualChf      string `json:"actualChf"`
	ForecastChf    string `json:"forecastChf"`
	LowChf         string `json:"lowChf"`
	HighChf        string `json:"highChf"`
}

// ExpectedItem is a recurring payment or income still due after asOf.
type ExpectedItem struct {
	Name          string `json:"name"`
	AccountNumber int    `json:"accountNumber"`
	Side          string `json:"side" jsonschema:"income or expenses"`
	DueMonth      string `json:"dueMonth" jsonschema:"YYYY-MM"`
	DueDate       string `json:"dueDate"`
	AmountChf     string `json:"amountChf"`
}

// ResultPoint is the year's cumulative result at one day, for the chart.
type ResultPoint struct {
	Date     string `json:"date"`
	Forecast bool   `json:"forecast" jsonschema:"after asOf"`
	NetChf   string `json:"netChf"`
	LowChf   string `json:"lowChf"`
	HighChf  string `json:"highChf"`
}

// YearEndForecast answers forecast_year_end.
type YearEndForecast struct {
	Mandator      string             `json:"mandator"`
	Year          int                `json:"year"`
	AsOf          string             `json:"asOf"`
	IncomeChf     ForecastFigure     `json:"incomeChf"`
	ExpensesChf   ForecastFigure     `json:"expensesChf"`
	NetChf        ForecastFigure     `json:"netChf"`
	NetWorthChf   ForecastFigure     `json:"netWorthChf" jsonschema:"equity at 31 December"`
	Categories    []ForecastCategory `json:"categories" jsonschema:"income first, then expenses"`
	Expected      []ExpectedItem     `json:"expected"`
	ExpectedTotal int                `json:"expectedTotal"`
	Truncated     bool               `json:"truncated"`
	Path          []ResultPoint      `json:"path" jsonschema:"cumulative result: month ends to asOf, then forecast to 31 December"`
	HistoryYears  []int              `json:"historyYears" jsonschema:"earlier years the forecast learnt from"`
	Method        string             `json:"method"`
	Warnings      []string           `json:"warnings,omitempty"`
}
