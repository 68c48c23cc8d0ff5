package tools_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mandatorsFS is a data root with three mandators and their years; the
// completions only look at which books exist.
var mandatorsFS = func() fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, b := range []string{
		"2024/Claudio Schaad", "2025/Claudio Schaad", "2026/Claudio Schaad",
		"2025/Verein Zürichsee", "2026/Verein Zürichsee",
		"2026/Élise Müller-Weber",
	} {
		fsys[b+"/Data/Accounts.xml"] = &fstest.MapFile{Data: []byte("\ufeff<ArrayOfAccount />")}
	}
	return fsys
}()

func complete(t *testing.T, cs *mcp.ClientSession, ref *mcp.CompleteReference, arg, value string, chosen map[string]string) (*mcp.CompleteResult, error) {
	t.Helper()
	p := &mcp.CompleteParams{Ref: ref, Argument: mcp.CompleteParamsArgument{Name: arg, Value: value}}
	if chosen != nil {
		p.Context = &mcp.CompleteContext{Arguments: chosen}
	}
	return cs.Complete(context.Background(), p)
}

var (
	cashReport = &mcp.CompleteReference{Type: "ref/prompt", Name: "monthly_cash_report"}
	chartRef   = &mcp.CompleteReference{Type: "ref/resource", URI: "accounting://{mandator}/{year}/chart"}
)

func TestCompletions(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, mandatorsFS, p)
		for _, c := range []struct {
			ref     *mcp.CompleteReference
			arg     string
			value   string
			context map[string]string
			want    []string
		}{
			{cashReport, "mandator", "zur", nil, []string{"Verein Zürichsee"}},
			{cashReport, "mandator", "CLAU", nil, []string{"Claudio Schaad"}},
			{cashReport, "mandator", "ver", nil, []string{"Verein Zürichsee"}},
			{chartRef, "mandator", "muller", nil, []string{"Élise Müller-Weber"}},
			{chartRef, "mandator", "weber", nil, []string{"Élise Müller-Weber"}},
			{chartRef, "mandator", "eli", nil, []string{"Élise Müller-Weber"}},
			{chartRef, "mandator", "", nil, []string{"Claudio Schaad", "Verein Zürichsee", "Élise Müller-Weber"}},
			{chartRef, "mandator", "xyz", nil, []string{}},
			{chartRef, "year", "", map[string]string{"mandator": "Verein Zürichsee"}, []string{"2026", "2025"}},
			{chartRef, "year", "202", map[string]string{"mandator": "claudio schaad"}, []string{"2026", "2025", "2024"}},
			{chartRef, "year", "2024", map[string]string{"mandator": "Claudio"}, []string{"2024"}},
			{chartRef, "year", "", nil, []string{"2026", "2025", "2024"}},
			{&mcp.CompleteReference{Type: "ref/prompt", Name: "year_in_review"}, "year", "", map[string]string{"mandator": "zur"}, []string{"2026", "2025"}},
			{cashReport, "month", "2025-1", map[string]string{"mandator": "Verein Zürichsee"}, []string{"2025-12", "2025-11", "2025-10"}},
			{&mcp.CompleteReference{Type: "ref/prompt", Name: "explain_change"}, "from", "2026-q", map[string]string{"mandator": "Élise Müller-Weber"}, []string{"2026-Q4", "2026-Q3", "2026-Q2", "2026-Q1"}},
			{cashReport, "language", "d", nil, []string{"de"}},
		} {
			res, err := complete(t, cs, c.ref, c.arg, c.value, c.context)
			if err != nil {
				t.Errorf("%s complete %s %s=%q: %v", p, c.ref.Name+c.ref.URI, c.arg, c.value, err)
				continue
			}
			if diff := cmp.Diff(c.want, res.Completion.Values); diff != "" {
				t.Errorf("%s complete %s %s=%q (-want +got):\n%s", p, c.ref.Name+c.ref.URI, c.arg, c.value, diff)
			}
			if res.Completion.Total != len(c.want) || res.Completion.HasMore {
				t.Errorf("%s complete %s=%q: total %d hasMore %v; want %d, false", p, c.arg, c.value, res.Completion.Total, res.Completion.HasMore, len(c.want))
			}
		}
	}
}

func TestCompletionCapsAtHundred(t *testing.T) {
	fsys := fstest.MapFS{}
	for y := 2000; y < 2020; y++ {
		fsys[itoa(y)+"/Muster/Data/Accounts.xml"] = &fstest.MapFile{}
	}
	res, err := complete(t, connect(t, fsys, tools.Full), cashReport, "month", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if c := res.Completion; len(c.Values) != 100 || !c.HasMore || c.Total != 240 || c.Values[0] != "2019-12" {
		t.Errorf("months of 20 years: %d values, hasMore %v, total %d, first %q; want 100, true, 240, 2019-12", len(c.Values), c.HasMore, c.Total, c.Values[0])
	}
}

func TestCompletionErrors(t *testing.T) {
	aggregate := connect(t, mandatorsFS, tools.Aggregate)
	for _, c := range []struct {
		ref     *mcp.CompleteReference
		arg     string
		context map[string]string
		want    []string
	}{
		{cashReport, "colour", nil, []string{`"colour"`, "mandator, month, language"}},
		{chartRef, "month", nil, []string{`"month"`, "mandator, year"}},
		{&mcp.CompleteReference{Type: "ref/prompt", Name: "nope"}, "mandator", nil, []string{`"nope"`, "monthly_cash_report"}},
		{&mcp.CompleteReference{Type: "ref/resource", URI: "accounting://mandators"}, "mandator", nil, []string{"accounting://mandators", "{year}/chart"}},
		{&mcp.CompleteReference{Type: "ref/resource", URI: "accounting://{mandator}/{year}/transactions"}, "year", nil, []string{"transactions"}},
		{chartRef, "year", map[string]string{"mandator": "Nobody"}, []string{`"Nobody"`, "Verein Zürichsee"}},
	} {
		_, err := complete(t, aggregate, c.ref, c.arg, "", c.context)
		if err == nil {
			t.Errorf("complete %s %s succeeded; want an error", c.ref.Name+c.ref.URI, c.arg)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("complete %s %s: error %q lacks %q", c.ref.Name+c.ref.URI, c.arg, err, w)
			}
		}
	}
}
