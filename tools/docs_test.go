package tools_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocsLinksExist: every docs/<page>.md#section a Go comment cites, and
// every relative link between the pages of docs/, names a page that exists
// and a heading of it, so that code never cites a section that is gone.
func TestDocsLinksExist(t *testing.T) {
	root := ".."
	anchors := map[string]map[string]bool{} // page → anchors of its headings
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	heading := regexp.MustCompile(`(?m)^#{1,6} (.+)$`)
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a := map[string]bool{}
		for _, m := range heading.FindAllStringSubmatch(string(b), -1) {
			a[anchor(m[1])] = true
		}
		anchors[filepath.Base(p)] = a
	}
	check := func(where, page, section string) {
		t.Helper()
		a, ok := anchors[page]
		switch {
		case !ok:
			t.Errorf("%s cites docs/%s, which does not exist", where, page)
		case section != "" && !a[section]:
			t.Errorf("%s cites docs/%s#%s, a section docs/%s lacks", where, page, section, page)
		}
	}
	cite := regexp.MustCompile(`docs/([a-z0-9-]+\.md)(?:#([a-z0-9_-]+))?`)
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range cite.FindAllStringSubmatch(string(b), -1) {
			check(p, m[1], m[2])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([a-z0-9-]+\.md)?(?:#([a-z0-9_-]+))?\)`)
	for _, p := range pages {
		b, _ := os.ReadFile(p)
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			page := m[1]
			if page == "" {
				page = filepath.Base(p)
			}
			check(p, page, m[2])
		}
	}
}

// anchor is the id GitHub gives a heading: lower case, spaces as hyphens,
// punctuation other than hyphens and underscores dropped.
func anchor(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}
