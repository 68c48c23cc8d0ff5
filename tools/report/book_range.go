package report

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// BookRange parses optional fromDate and toDate for the books of year and
// requires both to lie in that year: a range outside the year's books is an
// invalid_argument that says which year to ask for instead.
func BookRange(fromDate, toDate string, year int) (reader.Date, reader.Date, error) {
	from, to, err := toolkit.DateRange(fromDate, toDate)
	if err != nil {
		return 0, 0, err
	}
	first, last := reader.NewDate(year, 1, 1), reader.NewDate(year, 12, 31)
	for _, d := range []struct {
		name, text string
		date       reader.Date
	}{{"fromDate", fromDate, from}, {"toDate", toDate, to}} {
		if d.date != 0 && (d.date < first || d.date > last) {
			return 0, 0, toolkit.InvalidArgument("%s %s is outside the books of %d (%s to %s); pass year %d for those books, or a date within %d",
				d.name, d.text, year, first, last, d.date.Year(), year)
		}
	}
	return from, to, nil
}
