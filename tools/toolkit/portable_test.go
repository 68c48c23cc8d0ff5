package toolkit

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

// TestAmountSchemaIsOneType checks that a money argument is declared as a
// decimal string only, while TestAmountArgument shows numbers still work.
func TestAmountSchemaIsOneType(t *testing.T) {
	in, _ := echoTool(nil).Schemas()
	p := in.Properties["amount"]
	if p.Type != "string" || p.Types != nil || p.Pattern != amountPattern {
		t.Errorf("amount schema: type %q, types %v, pattern %q; want one type string with %q", p.Type, p.Types, p.Pattern, amountPattern)
	}
}

type listsInner struct {
	Points []int `json:"points"`
}

type listsOut struct {
	Rows     []listsInner   `json:"rows"`
	Counts   map[string]int `json:"counts"`
	Warnings []string       `json:"warnings,omitempty"`
	Extra    map[string]int `json:"extra,omitempty"`
	Inner    *listsInner    `json:"inner,omitempty"`
	Skipped  []int          `json:"-"`
}

// TestFillLists checks that required lists and maps become empty, at any
// depth, and that optional ones stay absent.
func TestFillLists(t *testing.T) {
	v := &listsOut{Rows: []listsInner{{}, {Points: []int{1}}}, Inner: &listsInner{}}
	fillLists(reflect.ValueOf(v))
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"rows":[{"points":[]},{"points":[1]}],"counts":{},"inner":{"points":[]}}`
	if string(b) != want {
		t.Errorf("after fillLists: %s; want %s", b, want)
	}
	if v.Skipped != nil {
		t.Error("fillLists set a field that JSON skips")
	}
}

// TestNilListAnswersEmpty runs a handler that returns a nil required list
// through Call: the answer says [], matching the schema's single type.
func TestNilListAnswersEmpty(t *testing.T) {
	tool := echoTool(func(echoIn) (*echoOut, error) { return &echoOut{Amount: "1.00"}, nil })
	res := tool.Call(context.Background(), &Env{}, nil, nil)
	got := string(res.StructuredContent.(json.RawMessage))
	if want := `{"amount":"1.00","rows":[]}`; got != want {
		t.Errorf("answer %s; want %s", got, want)
	}
	if err := tool.ValidateOutput([]byte(got)); err != nil {
		t.Error(err)
	}
	_, out := tool.Schemas()
	if rows := out.Properties["rows"]; rows.Type != "array" || rows.Types != nil {
		t.Errorf("rows schema: type %q, types %v; want array", rows.Type, rows.Types)
	}
}
