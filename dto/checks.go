package dto

// FindingCount is how often one kind of data problem occurs, without any
// detail.
type FindingCount struct {
	Code     string `json:"code" jsonschema:"stable code, e.g. dangling_account"`
	Severity string `json:"severity" jsonschema:"error, warning or info"`
	Count    int    `json:"count"`
}

// CheckSummary answers check_books in Aggregate mode.
type CheckSummary struct {
	Mandator string         `json:"mandator"`
	Year     int            `json:"year"`
	Findings []FindingCount `json:"findings" jsonschema:"one entry per code and severity, errors first"`
	Counts   map[string]int `json:"counts" jsonschema:"findings per code"`
	OK       bool           `json:"ok" jsonschema:"true when no finding has error severity"`
}
