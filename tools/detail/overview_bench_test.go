package detail_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/internal/booktest"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// writeOffice writes a fiduciary's office of n mandators below dir, each
// with three years of 400 postings and a bank file of 100 lines (every
// tenth mandator with open lines), dated an hour back so that warm calls
// revalidate by stat only.
func writeOffice(tb testing.TB, dir string, n int) {
	tb.Helper()
	accounts := booktest.XMLFile("ArrayOfAccount",
		booktest.Account("bank", 1010, "Bank", "CHF", "1000"),
		booktest.Account("pay", 3000, "Salary", "", "0"),
		booktest.Account("food", 4000, "Food", "", "0"),
		booktest.Account("rent", 4100, "Rent", "", "0"))
	subs := booktest.XMLFile("ArrayOfSubClass", booktest.Subclass(10, "Cash"), booktest.Subclass(30, "Income"), booktest.Subclass(40, "Living"), booktest.Subclass(41, "Housing"))
	old := time.Now().Add(-time.Hour)
	write := func(rel string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			tb.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			tb.Fatal(err)
		}
	}
	for i := range n {
		name := fmt.Sprintf("Mandant %03d", i)
		for _, y := range []int{2024, 2025, 2026} {
			d := fmt.Sprintf("%d/%s/Data/", y, name)
			var ps, lines []string
			for k := range 400 {
				date := fmt.Sprintf("%d-%02d-%02d", y, 1+k%11, 1+k%28)
				id := fmt.Sprintf("t%d", k)
				switch {
				case k%40 == 0:
					ps = append(ps, bookedPosting(id, date, "Salary", "5200", "pay", "bank", "L"+id))
					lines = append(lines, bankLineXML("L"+id, date, "5200.00"))
				case k%40 == 1:
					ps = append(ps, booktest.Posting(id, date, "Rent", "1800", "bank", "rent", ""))
				default:
					ps = append(ps, booktest.Posting(id, date, "Coop", fmt.Sprintf("%d.%02d", 10+k%50, k%100), "bank", "food", ""))
				}
			}
			for k := range 90 {
				if i%10 == 0 {
					lines = append(lines, bankLineXML(fmt.Sprintf("O%d", k), fmt.Sprintf("%d-%02d-15", y, 1+k%10), "-20.00"))
				}
			}
			write(d+"Accounts.xml", accounts.Data)
			write(d+"SubClasses.xml", subs.Data)
			write(d+"Transactions.xml", booktest.XMLFile("ArrayOfTransaction", ps...).Data)
			write(d+"BankTransactions.xml", booktest.XMLFile("ArrayOfBankTransaction", lines...).Data)
		}
	}
}

// BenchmarkMandatorsOverview is get_mandators_overview over an office of
// 200 mandators, warm: the answer a fiduciary asks for every morning.
//
//	go test ./tools/detail -run '^$' -bench MandatorsOverview -benchtime 20x
func BenchmarkMandatorsOverview(b *testing.B) {
	dir := b.TempDir()
	writeOffice(b, dir, 200)
	cs := mcptest.Connect(b, os.DirFS(dir), tools.Full)
	args := map[string]any{"limit": 500}
	mcptest.MustCall(b, cs, "get_mandators_overview", args, nil) // cold: read and digest every mandator once
	b.ResetTimer()
	for b.Loop() {
		mcptest.MustCall(b, cs, "get_mandators_overview", args, nil)
	}
}
