package toolkit

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

type echoIn struct {
	Amount Amount `json:"amount,omitempty"`
	N      int    `json:"n,omitempty"`
}

type echoOut struct {
	Amount string   `json:"amount"`
	Rows   []string `json:"rows"`
}

func echoTool(h func(in echoIn) (*echoOut, error)) Tool {
	return New(Spec[echoIn, echoOut]{
		Name: "echo", Title: "Echo", Description: "test",
		Handler: func(_ context.Context, _ *Env, in echoIn) (*echoOut, error) { return h(in) },
	})
}

func envelope(t *testing.T, data any) Error {
	t.Helper()
	var env Envelope
	if err := json.Unmarshal(data.(json.RawMessage), &env); err != nil || env.Error == nil {
		t.Fatalf("not an error envelope: %s", data)
	}
	return *env.Error
}

func TestPanicBecomesErrorResult(t *testing.T) {
	tool := echoTool(func(echoIn) (*echoOut, error) { panic("boom") })
	res := tool.Call(context.Background(), &Env{}, nil, json.RawMessage(`{}`))
	if !res.IsError {
		t.Fatal("a panicking handler did not produce an error result")
	}
	if e := envelope(t, res.StructuredContent); strings.Contains(e.Message, "boom") || e.Retryable {
		t.Errorf("panic envelope = %+v; want a generic, non-retryable message", e)
	}
}

func TestOversizeResultIsRefused(t *testing.T) {
	tool := echoTool(func(echoIn) (*echoOut, error) {
		return &echoOut{Rows: make([]string, MaxResultBytes/2)}, nil
	})
	res := tool.Call(context.Background(), &Env{}, nil, nil)
	if e := envelope(t, res.StructuredContent); !res.IsError || e.Code != CodeInvalidArgument || !strings.Contains(e.Message, "narrow") {
		t.Errorf("oversize result = %+v", e)
	}
}

func TestAmountArgument(t *testing.T) {
	tool := echoTool(func(in echoIn) (*echoOut, error) {
		return &echoOut{Amount: in.Amount.Decimal.String()}, nil
	})
	for in, want := range map[string]string{
		`{"amount": 12.5}`:      "12.5",
		`{"amount": "12.50"}`:   "12.5",
		`{"amount": "-3"}`:      "-3",
		`{"amount": 1e3}`:       "1000",
		`{"amount": 0.1}`:       "0.1",
		`{"amount": "1,5"}`:     "error",
		`{"amount": "12 CHF"}`:  "error",
		`{"amount": true}`:      "error",
		`{"amount": "1e3"}`:     "error",
		`{"n": 1, "other": 2}`:  "error",
		`[1, 2]`:                "error",
		`{"n": "seven"}`:        "error",
		`{"amount": null}`:      "error",
		`{"amount": "0.10000"}`: "0.1",
	} {
		res := tool.Call(context.Background(), &Env{}, nil, json.RawMessage(in))
		if want == "error" {
			if e := envelope(t, res.StructuredContent); !res.IsError || e.Code != CodeInvalidArgument {
				t.Errorf("Call(%s) = %s; want invalid_argument", in, res.StructuredContent)
			}
			continue
		}
		var out echoOut
		if res.IsError || json.Unmarshal(res.StructuredContent.(json.RawMessage), &out) != nil || out.Amount != want {
			t.Errorf("Call(%s) = %s; want amount %s", in, res.StructuredContent, want)
		}
	}
}

func TestFit(t *testing.T) {
	size := func(n int) int { return 100 + n*1000 }
	if got := Fit(10, size); got != 10 {
		t.Errorf("Fit(10) = %d; want all 10", got)
	}
	if got, want := Fit(1000, size), (MaxResultBytes-provenanceRoom-100)/1000; got != want {
		t.Errorf("Fit(1000) = %d; want %d", got, want)
	}
}

func TestClosestOrdersByDistance(t *testing.T) {
	got := closest("claudio", []string{"Verein Zürichsee", "Claudio Schaad", "Clara"}, 3)
	if got[0] != "Claudio Schaad" {
		t.Errorf("closest(claudio) = %v; want Claudio Schaad first", got)
	}
}

// TestErrorResultsMatchTheOutputSchema checks that the error envelope of a
// failed call validates against the tool's own output schema (clients check
// it), while a success result still needs its required fields.
func TestErrorResultsMatchTheOutputSchema(t *testing.T) {
	tool := echoTool(func(echoIn) (*echoOut, error) { return nil, InvalidArgument("bad") })
	res := tool.Call(context.Background(), &Env{}, nil, nil)
	if err := tool.ValidateOutput(res.StructuredContent.(json.RawMessage)); err != nil {
		t.Errorf("error envelope does not match the output schema: %v", err)
	}
	if err := tool.ValidateOutput([]byte(`{"rows": []}`)); err == nil {
		t.Error("a success result without its required amount passed the output schema")
	}
	if err := tool.ValidateOutput([]byte(`{"amount": "1.00", "rows": []}`)); err != nil {
		t.Errorf("a full success result failed the output schema: %v", err)
	}
}

// TestCancelledCallIsNoUnreadableData: a handler that stops because its
// call was cancelled used to be answered "data_unreadable: internal error:
// context canceled"; Handle answers the JSON-RPC error "request cancelled".
func TestCancelledCallIsNoUnreadableData(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	tool := echoTool(func(echoIn) (*echoOut, error) { cancel(); return nil, ctx.Err() })
	res, err := tool.Handle(ctx, &Env{}, nil, nil)
	var je *jsonrpc.Error
	if res != nil || !errors.As(err, &je) || je.Code != CodeRequestCancelled || !strings.Contains(je.Message, "cancelled") {
		t.Errorf("Handle of a cancelled call = %+v, %v; want the JSON-RPC error %d", res, err, CodeRequestCancelled)
	}
	ok := echoTool(func(echoIn) (*echoOut, error) { return &echoOut{Amount: "1"}, nil })
	if res, err := ok.Handle(context.Background(), &Env{}, nil, nil); err != nil || res.IsError {
		t.Errorf("Handle of a call that was not cancelled = %+v, %v; want its result", res, err)
	}
}

// TestMoneyAsStringFixed checks Money against decimal's StringFixed(2),
// which it computes faster, on edge cases and on many random amounts.
func TestMoneyAsStringFixed(t *testing.T) {
	cases := []string{"0", "-0", "0.005", "-0.005", "0.0049999999", "-0.0049999999", "-0.004", "0.015", "-0.015",
		"1920", "87.3", "87.30", "-250000.00", "94.120000", "376.1185180", "12e3", "-7e2", "0.1234567",
		"922337203685477.58", "92233720368547758.07", "-92233720368547758.08", "1e30", "1e-30", "123456789012345678901234.5",
		"0.000000000000000000005", "-0.00000000000000000005", "99.995", "-99.995", "999999999999999.995"}
	var amounts []decimal.Decimal
	for _, s := range cases {
		amounts = append(amounts, decimal.RequireFromString(s))
	}
	rnd := rand.New(rand.NewPCG(14, 14))
	for range 20000 {
		c := rnd.Int64N(1<<62) - 1<<61
		if rnd.IntN(3) == 0 {
			c = rnd.Int64N(20000) - 10000
		}
		amounts = append(amounts, decimal.New(c, int32(rnd.IntN(26))-22))
	}
	for _, d := range amounts {
		if got, want := Money(d), d.StringFixed(2); got != want {
			t.Errorf("Money(%s, exponent %d) = %s; want %s", d, d.Exponent(), got, want)
		}
	}
}

func TestDateRange(t *testing.T) {
	for _, c := range []struct {
		from, to         string
		wantFrom, wantTo reader.Date
		wantErr          bool
	}{
		{"", "", 0, 0, false},
		{"2025-01-01", "", reader.NewDate(2025, 1, 1), 0, false},
		{"", "2025-03-31", 0, reader.NewDate(2025, 3, 31), false},
		{"2025-01-01", "2025-03-31", reader.NewDate(2025, 1, 1), reader.NewDate(2025, 3, 31), false},
		{"0001-01-01", "2025-03-31", 0, 0, true}, // the app's "no date", not an open bound
		{"2025-01-01", "0001-01-01", 0, 0, true},
		{"0001-01-02", "", reader.NewDate(1, 1, 2), 0, false},
		{"2025-04-01", "2025-03-31", 0, 0, true},
		{"2025-02-29", "", 0, 0, true},
	} {
		f, to, err := DateRange(c.from, c.to)
		if (err != nil) != c.wantErr || !c.wantErr && (f != c.wantFrom || to != c.wantTo) {
			t.Errorf("DateRange(%q, %q) = %v, %v, %v; want %v, %v, error %v", c.from, c.to, f, to, err, c.wantFrom, c.wantTo, c.wantErr)
		}
	}
}
