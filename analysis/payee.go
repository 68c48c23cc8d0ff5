package analysis

import (
	"strings"
	"unicode"
)

// monthNames are the folded month names and abbreviations (German, English,
// French, Italian) that texts of monthly postings end with: "Miete April",
// "Lohn Januar".
var monthNames = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`
		januar februar marz maerz mrz april mai juni juli august september oktober november dezember
		jan feb mar apr jun jul aug sep sept okt nov dez
		january february march may june july october december oct dec
		janvier fevrier mars avril juin juillet aout septembre octobre novembre decembre
		gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre dicembre`) {
		monthNames[m] = true
	}
}

// PayeeKey normalizes a counterparty or posting text for grouping: folded
// (case and accents), trimmed, spaces collapsed, and without trailing
// dates, numbers, quarters and month names, so that "Netflix 03/2026",
// "Miete April" and "Hypothekarzins Q1/2025" group with their siblings. A
// text that is nothing but such words is kept whole.
func PayeeKey(s string) string {
	fields := strings.Fields(Fold(s))
	return strings.Join(fields[:keptFields(fields)], " ")
}

// PayeeLabel is s without the trailing words PayeeKey drops, in its own
// spelling, for display.
func PayeeLabel(s string) string {
	fields := strings.Fields(s)
	folded := strings.Fields(Fold(s))
	if len(folded) != len(fields) { // folding never splits words; be safe
		return strings.Join(fields, " ")
	}
	return strings.Join(fields[:keptFields(folded)], " ")
}

// keptFields returns how many leading fields remain once trailing date
// words are dropped, at least one when there are any.
func keptFields(folded []string) int {
	n := len(folded)
	for n > 1 && isDateWord(folded[n-1]) {
		n--
	}
	return n
}

// isDateWord reports whether a folded word is a date, number, quarter or
// month name, or punctuation: "2026", "03/2026", "31.03.2026", "q1/2025",
// "april", "-".
func isDateWord(w string) bool {
	for _, part := range strings.FieldsFunc(w, func(r rune) bool {
		return r == '/' || r == '.' || r == '-' || r == ',' || r == ':' || r == '(' || r == ')'
	}) {
		switch {
		case monthNames[part]:
		case len(part) == 2 && part[0] == 'q' && part[1] >= '1' && part[1] <= '4':
		case strings.IndexFunc(part, func(r rune) bool { return !unicode.IsDigit(r) }) < 0:
		default:
			return false
		}
	}
	return true
}
