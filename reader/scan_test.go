package reader

import (
	"bytes"
	"io/fs"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
)

// compareScanAndStream parses data with both paths of parseFile. It fails
// when the fast scanner accepts data that the xmlquery path reads
// differently or rejects, and reports whether the scanner accepted it.
func compareScanAndStream(t *testing.T, rel string, data []byte) bool {
	t.Helper()
	data = []byte(strings.TrimPrefix(string(data), bom))
	check := func(scanned any, ok bool, streamed any, err error) bool {
		if !ok {
			return false
		}
		if err != nil {
			t.Fatalf("%s: the scanner reads it, xmlquery rejects it: %v", rel, err)
		}
		if !reflect.DeepEqual(scanned, streamed) {
			t.Fatalf("%s: scanner and xmlquery differ:\nscan   %+v\nstream %+v", rel, scanned, streamed)
		}
		return true
	}
	switch path.Base(rel) {
	case "Accounts.xml":
		a, ok := scanFile(data, accountsSchema)
		b, err := streamFile(rel, data, accountsSchema)
		return check(a, ok, b, err)
	case "SubClasses.xml":
		a, ok := scanFile(data, subClassesSchema)
		b, err := streamFile(rel, data, subClassesSchema)
		return check(a, ok, b, err)
	case "BankTransactions.xml":
		a, ok := scanFile(data, bankSchema)
		b, err := streamFile(rel, data, bankSchema)
		return check(a, ok, b, err)
	case "BookingRules.xml":
		a, ok := scanFile(data, rulesSchema)
		b, err := streamFile(rel, data, rulesSchema)
		return check(a, ok, b, err)
	}
	a, ok := scanFile(data, transactionsSchema)
	b, err := streamFile(rel, data, transactionsSchema)
	return check(a, ok, b, err)
}

// TestScannerReadsTheFixtures requires the fast scanner to read every
// readable file of the fixtures, exactly as the xmlquery path does.
func TestScannerReadsTheFixtures(t *testing.T) {
	for name, root := range map[string]fs.FS{"demo": fixtures.DemoFS(), "handcheck": fixtures.HandcheckFS()} {
		err := fs.WalkDir(root, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || path.Ext(p) != ".xml" {
				return err
			}
			data, err := fs.ReadFile(root, p)
			if err != nil {
				return err
			}
			if _, perr := streamFile(p, []byte(strings.TrimPrefix(string(data), bom)), transactionsSchema); perr != nil &&
				path.Base(p) == "Transactions.xml" {
				return nil // a file planted broken
			}
			if !compareScanAndStream(t, name+"/"+p, data) {
				t.Errorf("%s/%s: the fast scanner falls back to xmlquery", name, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestScannerForms covers what the scanner reads itself and what it leaves
// to xmlquery; either way the result must be the same.
func TestScannerForms(t *testing.T) {
	tx := func(children ...string) []byte {
		return dialect("Transaction", append(txItem("t1", "2025-04-01", "x", "1", "a", "b")[:0:0], children...))
	}
	base := txItem("t1", "2025-04-01", "Coop", "87.30", "a", "b")
	with := func(extra ...string) []byte { return tx(append(append([]string{}, base...), extra...)...) }
	for _, c := range []struct {
		name    string
		data    []byte
		scanned bool
	}{
		{"plain", with(), true},
		{"empty root", dialect("Transaction"), true},
		{"entities", tx(append(base[:3:3], el("Text", "A &amp; B &lt;C&gt; &quot;d&quot; &apos;e&apos;"), base[4], base[5], base[6])...), true},
		{"CRLF in text", tx(append(base[:3:3], el("Text", "two\r\nlines\rthree"), base[4], base[5], base[6])...), true},
		{"space in tags", with(`<RelatedParty >Coop</RelatedParty >`, `<Unknown  />`), true},
		{"unknown element", with(el("CreatedBy", "app")), true},
		{"no declaration", []byte(strings.Replace(string(with()), xmlDecl, "", 1)), true},
		{"character reference", with(el("RelatedParty", "Caf&#233;")), false},
		{"CDATA", with(el("RelatedParty", "<![CDATA[Coop]]>")), false},
		{"comment", with("<!-- note -->"), false},
		{"nested element", with("<Tags><Tag>a</Tag></Tags>"), false},
		{"prefixed element", with("<x:Extra>1</x:Extra>"), false},
		{"other attribute", with(`<RelatedParty lang="de">Coop</RelatedParty>`), false},
		{"nil false", with(`<LastEdit xsi:nil="false" />`), false},
		{"nil 1", with(`<LastEdit xsi:nil="1" />`), true},
		{"nil twice", with(`<LastEdit xsi:nil="1" xsi:nil="true" />`), false},
		{"empty FxRate", tx(append(base[:7:7], "<FxRate />")...), true},
		{"FxRate start and end tag", tx(append(base[:7:7], "<FxRate></FxRate>")...), true},
		{"element beside the items", []byte(strings.Replace(string(with()), "  <Transaction>", "  <SchemaVersion>3</SchemaVersion>\r\n  <Transaction>", 1)), true},
		{"empty element beside the items", []byte(strings.Replace(string(with()), "</ArrayOfTransaction>", "  <Saved />\r\n</ArrayOfTransaction>", 1)), true},
		{"elements in one beside the items", []byte(strings.Replace(string(with()), "</ArrayOfTransaction>", "<Meta><By>app</By><On /></Meta></ArrayOfTransaction>", 1)), true},
		{"nested deeper beside the items", []byte(strings.Replace(string(with()), "</ArrayOfTransaction>", "<Meta><By><X>1</X></By></Meta></ArrayOfTransaction>", 1)), false},
		{"attribute beside the items", []byte(strings.Replace(string(with()), "</ArrayOfTransaction>", `<Meta v="1" /></ArrayOfTransaction>`, 1)), false},
		{"text and element beside the items", []byte(strings.Replace(string(with()), "</ArrayOfTransaction>", "<Meta>a<b /></Meta></ArrayOfTransaction>", 1)), false},
		{"text beside items", []byte(strings.Replace(string(with()), "</Transaction>", "</Transaction>stray", 1)), false},
		{"second root", append(with(), "<ArrayOfTransaction />"...), false},
		{"other version", []byte(strings.Replace(string(with()), `version="1.0"`, `version="1.1"`, 1)), false},
		{"control character", with(el("RelatedParty", "a\x01b")), false},
		{"bad item", tx(base[1:]...), false},
		{"cut off", with()[:200], false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := compareScanAndStream(t, "Transactions.xml", c.data); got != c.scanned {
				t.Errorf("scanner read it = %v; want %v", got, c.scanned)
			}
		})
	}
}

// FuzzScanMatchesStream checks that whatever the fast scanner reads, the
// xmlquery path reads too, to the same items.
func FuzzScanMatchesStream(f *testing.F) {
	f.Add(crlf(txFile))
	f.Add(dialect("Transaction", txItem("t", "2025-04-01", "x &amp; y", "1", "a", "b")))
	f.Add(sampleAccounts())
	f.Add(dialect("Transaction"))
	// What newer app versions and other tools write: elements beside the
	// items, xsi:nil="1", empty optional numbers.
	f.Add([]byte(strings.Replace(string(crlf(txFile)), "XMLSchema\">", "XMLSchema\">\r\n  <SchemaVersion>3</SchemaVersion><Meta><By>x</By></Meta>", 1)))
	f.Add([]byte(strings.Replace(strings.Replace(txFile, `xsi:nil="true"`, `xsi:nil="1"`, 1), "<FxRate>0.940000</FxRate>", "<FxRate></FxRate>", 1)))
	f.Add(dialect("Account", []string{el("Id", "a"), el("Number", "1020"), "<StartBalance />", `<LastBankBalance xsi:nil="1" />`}))
	f.Fuzz(func(t *testing.T, data []byte) {
		compareScanAndStream(t, "Transactions.xml", data)
		compareScanAndStream(t, "Accounts.xml", data)
	})
}

// TestScannedItemsDoNotAliasTheFile overwrites the bytes the scanner read in
// place and requires the parsed items to stay as they were.
func TestScannedItemsDoNotAliasTheFile(t *testing.T) {
	for _, p := range []string{"2025/Muster/Data/Transactions.xml", "2025/Muster/Data/Accounts.xml", "2025/Muster/Data/BankTransactions.xml"} {
		data, err := fs.ReadFile(fixtures.HandcheckFS(), p)
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(strings.TrimPrefix(string(data), bom))
		parse := func(data []byte) (any, bool) {
			switch path.Base(p) {
			case "Transactions.xml":
				return scanFile(data, transactionsSchema)
			case "Accounts.xml":
				return scanFile(data, accountsSchema)
			}
			return scanFile(data, bankSchema)
		}
		got, ok := parse(data)
		want, _ := parse(bytes.Clone(data))
		if !ok {
			t.Fatalf("%s: the scanner falls back", p)
		}
		for i := range data {
			data[i] = 'X'
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: items changed when the file's bytes were overwritten", p)
		}
	}
}

func TestPlainChars(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"", true}, {"plain text\r\n\twith line ends", true}, {"Zürich ✓ 😀 and more than eight bytes", true},
		{"\x00", false}, {"abcdefgh\x1f", false}, {"abcdefg\x01h", false}, {"\x7fDEL and C1 \u0085 are allowed", true},
		{"abc\xff", false}, {"abc\uFFFE", false}, {"abcdefghijk\uFFFF", false},
	} {
		if got := plainChars(c.s); got != c.want {
			t.Errorf("plainChars(%q) = %v; want %v", c.s, got, c.want)
		}
	}
	for i := range 64 { // a control character at every position of a word
		s := []byte(strings.Repeat("a", 64))
		s[i] = 0x0b
		if plainChars(string(s)) {
			t.Errorf("plainChars misses a control character at %d", i)
		}
	}
}
