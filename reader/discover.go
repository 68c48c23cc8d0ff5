package reader

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Discovery: which years and mandators the data root holds. A mandator is
// known by its folder name in NFC: folders whose names differ only by
// Unicode normalization (a copy through macOS writes NFD) are one mandator,
// in every year, whichever form each year's folder has on disk. A year
// folder that cannot be listed is left out, never an error for the others;
// FolderProblems reports it.

// Years returns every year folder of the data root that holds books of at
// least one mandator, ascending.
func (s *Store) Years() ([]int, error) {
	years, err := s.yearFolders()
	if err != nil {
		return nil, err
	}
	var out []int
	for _, y := range years {
		if ms, _ := s.mandatorsOf(y); len(ms) > 0 {
			out = append(out, y)
		}
	}
	return out, nil
}

// Mandators returns the mandators with books in year, or in any year when
// year is 0, sorted, in NFC.
func (s *Store) Mandators(year int) ([]string, error) {
	years := []int{year}
	if year != 0 && !validYear(year) {
		return nil, nil
	}
	if year == 0 {
		var err error
		if years, err = s.yearFolders(); err != nil {
			return nil, err
		}
	}
	set := map[string]bool{}
	for _, y := range years {
		ms, _ := s.mandatorsOf(y) // an unreadable year folder has none to offer
		for _, m := range ms {
			set[m] = true
		}
	}
	return sortedKeys(set), nil
}

// MandatorYears returns the years in which mandator has books, ascending.
// The name may be in any Unicode normalization form.
func (s *Store) MandatorYears(mandator string) ([]int, error) {
	years, err := s.yearFolders()
	if err != nil {
		return nil, err
	}
	mandator = norm.NFC.String(mandator)
	var out []int
	for _, y := range years {
		if _, ok := s.folderOf(y, mandator); ok {
			out = append(out, y)
		}
	}
	return out, nil
}

// yearFolders lists the folders of the root whose name is exactly four digits.
func (s *Store) yearFolders() ([]int, error) {
	entries, err := s.readDir(".")
	if err != nil {
		return nil, fmt.Errorf("reading data root: %w", err)
	}
	var years []int
	for _, e := range entries {
		name := e.name
		if len(name) != 4 || !e.isDir {
			continue
		}
		if y, ok := digits(name); ok && validYear(y) {
			years = append(years, y)
		}
	}
	sort.Ints(years)
	return years, nil
}

// mandatorsOf lists the mandators of one year, in NFC: sub-folders other
// than backup that have Data/Accounts.xml.
func (s *Store) mandatorsOf(year int) ([]string, error) {
	entries, err := s.readDir(strconv.Itoa(year))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.isDir && validMandatorName(e.name) && s.hasBooks(year, e.name) {
			out = append(out, norm.NFC.String(e.name))
		}
	}
	return out, nil
}

// folderOf returns the folder of mandator (in NFC) in year: the folder of
// that exact name when it has books, else one whose name normalizes to it.
// Only a name outside ASCII can have another form, so an ASCII name costs
// one stat, as it did before names were normalized.
func (s *Store) folderOf(year int, mandator string) (string, bool) {
	if !validMandatorName(mandator) {
		return "", false
	}
	if s.hasBooks(year, mandator) {
		return mandator, true
	}
	if isASCII(mandator) {
		return "", false
	}
	entries, err := s.readDir(strconv.Itoa(year))
	if err != nil {
		return "", false
	}
	for _, e := range entries {
		if e.isDir && e.name != mandator && norm.NFC.String(e.name) == mandator &&
			validMandatorName(e.name) && s.hasBooks(year, e.name) {
			return e.name, true
		}
	}
	return "", false
}

// validYear reports whether y is a year a folder can name: four digits.
func validYear(y int) bool { return y >= 1000 && y <= 9999 }

// hasBooks reports whether the folder mandator of year has Data/Accounts.xml
// as a regular file. A folder the process may not enter, or whose
// Accounts.xml is something else (a folder, a pipe), is left out;
// FolderProblems reports it.
func (s *Store) hasBooks(year int, mandator string) bool {
	if !validYear(year) {
		return false
	}
	st, err := fs.Stat(s.fsys, dataFile(year, mandator, "Accounts.xml"))
	return err == nil && st.Mode().IsRegular()
}

// validMandatorName rejects names that could leave a year folder, and the
// backup folder.
func validMandatorName(m string) bool {
	return m != "" && m != "." && m != ".." && !strings.ContainsAny(m, `/\:`) &&
		!strings.EqualFold(m, "backup") && fs.ValidPath(m)
}

func dataFile(year int, folder, name string) string {
	return strconv.Itoa(year) + "/" + folder + "/Data/" + name
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// FolderProblems reports the folders that discovery had to leave out or
// choose between: year folders that cannot be listed, mandator folders that
// cannot be entered or whose Data/Accounts.xml is not a regular file, and
// two mandator folders of one year whose names differ only by
// normalization (the one named in NFC is read). It reads every year
// folder, so it is meant for checks (doctor), not for every call.
func (s *Store) FolderProblems() ([]*ParseError, error) {
	years, err := s.yearFolders()
	if err != nil {
		return nil, err
	}
	var out []*ParseError
	for _, y := range years {
		entries, err := s.readDir(strconv.Itoa(y))
		if err != nil {
			out = append(out, folderError(strconv.Itoa(y), err))
			continue
		}
		seen := map[string]string{}
		for _, e := range entries {
			if !e.isDir || !validMandatorName(e.name) {
				continue
			}
			rel := dataFile(y, e.name, "Accounts.xml")
			st, err := fs.Stat(s.fsys, rel)
			switch {
			case errors.Is(err, fs.ErrPermission):
				out = append(out, folderError(strconv.Itoa(y)+"/"+e.name, err))
				continue
			case err != nil:
				continue // not a mandator folder: no Accounts.xml
			case !st.Mode().IsRegular():
				out = append(out, checkRegular(rel, st, s.maxFileSize()).(*ParseError))
				continue
			}
			n := norm.NFC.String(e.name)
			if other, ok := seen[n]; ok {
				out = append(out, &ParseError{File: strconv.Itoa(y), Kind: KindDuplicateFolder,
					Reason: fmt.Sprintf("folders %q and %q differ only by Unicode normalization; the books of %q are read", other, e.name, n)})
			}
			seen[n] = e.name
		}
	}
	return out, nil
}

// folderError describes a folder that cannot be read.
func folderError(dir string, err error) *ParseError {
	if errors.Is(err, fs.ErrPermission) {
		return &ParseError{File: dir, Kind: KindPermissionDenied,
			Reason: "folder cannot be read (permission denied): give the user running the server read access to it"}
	}
	return &ParseError{File: dir, Kind: KindIO, Reason: "folder cannot be read: " + unwrapAll(err).Error()}
}
