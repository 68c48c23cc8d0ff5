package reader

import (
	"strconv"

	"golang.org/x/text/unicode/norm"
)

// Lookups answer what a call about one mandator-year must know without
// reading every year folder: whether a name is a mandator, and which year
// is its latest. Each gives exactly the answer of the listing it stands
// for (Mandators, MandatorYears), checked by stat as those are, so that
// nothing is cached that could be stale; it only looks where the answer
// is likely to be first: at the year asked about, then from the last year
// back. A call about one year thus costs a few stats, whatever the number
// of years.

// IsMandator reports whether mandator (any normalization form) is among
// Mandators(0): a folder of that name, or one whose name normalizes to it,
// with books in some year. It looks at year first (0: none), then at the
// year folders from the last one back.
func (s *Store) IsMandator(mandator string, year int) (bool, error) {
	mandator = norm.NFC.String(mandator)
	if !validMandatorName(mandator) {
		return false, nil
	}
	if year != 0 && s.listed(year, mandator) {
		return true, nil
	}
	years, err := s.yearFolders()
	if err != nil {
		return false, err
	}
	for i := len(years) - 1; i >= 0; i-- {
		if years[i] != year && s.listed(years[i], mandator) {
			return true, nil
		}
	}
	return false, nil
}

// Listed reports whether mandator (any normalization form) is among
// Mandators(year); then it is among Mandators(0), and year among its
// MandatorYears. It costs two stats.
func (s *Store) Listed(mandator string, year int) bool {
	return s.listed(year, norm.NFC.String(mandator))
}

// listed reports whether mandator (in NFC) is among the mandators of year
// as mandatorsOf lists them. It reads the year folder's listing, which is
// revalidated by one stat, rather than stat the name: a file system that
// ignores case would find "claudio schaad" in the folder "Claudio Schaad".
func (s *Store) listed(year int, mandator string) bool {
	if !validYear(year) {
		return false
	}
	entries, err := s.readDir(strconv.Itoa(year))
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.isDir && (e.name == mandator || norm.NFC.String(e.name) == mandator) &&
			validMandatorName(e.name) && s.hasBooks(year, e.name) {
			return true
		}
	}
	return false
}

// HasBooks reports whether year is among MandatorYears(mandator): a path
// that leads to a mandator's Accounts.xml in the folder named year shows
// that the data root lists that folder.
func (s *Store) HasBooks(mandator string, year int) bool {
	_, ok := s.folderOf(year, norm.NFC.String(mandator))
	return ok
}

// LatestYear returns the last of MandatorYears(mandator), looking at the
// year folders from the last one back; ok is false when the mandator has no
// books in any year.
func (s *Store) LatestYear(mandator string) (year int, ok bool, err error) {
	years, err := s.yearFolders()
	if err != nil {
		return 0, false, err
	}
	mandator = norm.NFC.String(mandator)
	for i := len(years) - 1; i >= 0; i-- {
		if _, ok := s.folderOf(years[i], mandator); ok {
			return years[i], true, nil
		}
	}
	return 0, false, nil
}
