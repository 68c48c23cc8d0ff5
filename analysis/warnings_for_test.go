package analysis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWarningsFor checks which of the sample ledger's warnings concern an
// answer: the dangling posting (t9) concerns every figure summed from the
// postings, the missing name of subclass 48 only the answers that show it.
func TestWarningsFor(t *testing.T) {
	l := NewLedger(sample(t))
	codes := func(ws []Warning) []string {
		out := []string{}
		for _, w := range ws {
			out = append(out, w.Code)
		}
		return out
	}
	for _, c := range []struct {
		totals bool
		shown  []int
		want   []string
	}{
		{true, nil, []string{"dangling_account"}},
		{true, []int{10, 40}, []string{"dangling_account"}},
		{true, []int{40, 48}, []string{"dangling_account", "missing_subclass"}},
		{false, []int{48}, []string{"missing_subclass"}},
		{false, nil, []string{}},
	} {
		got := codes(l.WarningsFor(c.totals, c.shown...))
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("WarningsFor(%v, %v) (-want +got):\n%s", c.totals, c.shown, diff)
		}
	}
	ws := l.WarningsFor(true, 48)
	if ws[1].Subclass != 48 || ws[0].Subclass != 0 {
		t.Errorf("subclasses of the warnings %+v; want 0 for dangling_account, 48 for missing_subclass", ws)
	}
	// The result is the caller's: appending to it must not touch the ledger.
	_ = append(l.WarningsFor(true), Warning{Code: "x"})
	if n := len(l.Warnings); n != 2 {
		t.Errorf("the ledger has %d warnings after a caller appended; want 2", n)
	}
}
