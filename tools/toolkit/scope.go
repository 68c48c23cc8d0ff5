package toolkit

// Scope is the pair of optional arguments every per-year tool takes.
type Scope struct {
	Year     int    `json:"year,omitempty" jsonschema:"book year"`
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books"`
}
