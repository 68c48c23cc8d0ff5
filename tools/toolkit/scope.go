package toolkit

// Scope is the pair of optional arguments every per-year tool takes.
type Scope struct {
	Year     int    `json:"year,omitempty" jsonschema:"book year; default: the current year if it has books, else the latest"`
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books; default: the configured or only mandator"`
}
