package prompt

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Languages are the values of every prompt's language argument; the first
// is the default.
var Languages = []string{"en", "de"}

var (
	argMandator = &mcp.PromptArgument{Name: "mandator", Title: "Mandator",
		Description: "set of books; default: the configured or only mandator"}
	argLanguage = &mcp.PromptArgument{Name: "language", Title: "Language",
		Description: "en (default) or de"}
)

// definition is one prompt and the plan it builds from checked arguments.
type definition struct {
	prompt *mcp.Prompt
	build  func(r request, args map[string]string) (plan, error)
	// office marks a prompt about every mandator: it takes no mandator and
	// is registered only in the modes that register its first tool.
	office string
}

// definitions are the prompts of every privacy mode; their plans leave out
// the tools a mode does not register.
var definitions = []definition{
	{&mcp.Prompt{Name: "monthly_cash_report", Title: "Monthly cash report (Monatlicher Kassenbericht)",
		Description: "A month's cash report: cash and bank balances, the month's income and expenses, top categories and unusual items.",
		Arguments: []*mcp.PromptArgument{argMandator,
			{Name: "month", Title: "Month", Description: "the month, YYYY-MM, e.g. 2026-03", Required: true}, argLanguage}},
		func(r request, args map[string]string) (plan, error) {
			m, err := ParseMonth(args["month"])
			if err != nil {
				return plan{}, err
			}
			return monthlyCashReport(r, m), r.booksFor(m)
		}, ""},
	{&mcp.Prompt{Name: "explain_change", Title: "Explain a change (Erklär mir das Q3-Wachstum)",
		Description: "Explain what changed between two periods and why, category by category. Periods: 2026 (a year), 2026-Q3 (a quarter) or 2026-07 (a month), both of the same kind.",
		Arguments: []*mcp.PromptArgument{argMandator,
			{Name: "from", Title: "From period", Description: "the earlier period: 2026, 2026-Q2 or 2026-06", Required: true},
			{Name: "to", Title: "To period", Description: "the later period, of the same kind: 2026, 2026-Q3 or 2026-07", Required: true}, argLanguage}},
		func(r request, args map[string]string) (plan, error) {
			a, err := ParsePeriod("from", args["from"])
			if err != nil {
				return plan{}, err
			}
			b, err := ParsePeriod("to", args["to"])
			if err != nil {
				return plan{}, err
			}
			if a.Kind != b.Kind {
				return plan{}, fmt.Errorf("from %q is a %s but to %q is a %s; compare two periods of the same kind, e.g. 2026-Q2 and 2026-Q3", a.Label, a.Kind, b.Label, b.Kind)
			}
			if a.Label == b.Label {
				return plan{}, fmt.Errorf("from and to are both %q; give two different periods, e.g. from %s to %s", a.Label, a.Previous().Label, b.Label)
			}
			return explainChange(r, a, b), errors.Join(r.booksFor(a), r.booksFor(b))
		}, ""},
	{&mcp.Prompt{Name: "year_in_review", Title: "Year in review (Jahresrückblick)",
		Description: "Review a year: net worth and its change, income and expenses, largest categories, changes against earlier years, notable items.",
		Arguments: []*mcp.PromptArgument{argMandator,
			{Name: "year", Title: "Year", Description: "the book year, e.g. 2025", Required: true}, argLanguage}},
		func(r request, args map[string]string) (plan, error) {
			p, err := ParsePeriod("year", args["year"])
			if err != nil || p.Kind != "year" {
				return plan{}, fmt.Errorf("year %s is not a year; write four digits, e.g. 2025", toolkit.Quote(args["year"]))
			}
			return yearInReview(r, p.Year), r.booksFor(p)
		}, ""},
	{&mcp.Prompt{Name: "weekly_office_review", Title: "Weekly office review (Wochenübersicht Treuhand)",
		Description: "A fiduciary's weekly look over every mandator: which books need attention first (unbooked bank lines, data problems, a loss, not saved, a year not started), and where each will end the year.",
		Arguments:   []*mcp.PromptArgument{{Name: "year", Title: "Year", Description: "the book year; default: each mandator's latest"}, argLanguage}},
		func(r request, args map[string]string) (plan, error) {
			y := 0
			if s := args["year"]; s != "" {
				p, err := ParsePeriod("year", s)
				if err != nil || p.Kind != "year" {
					return plan{}, fmt.Errorf("year %s is not a year; write four digits, e.g. 2025", toolkit.Quote(s))
				}
				y = p.Year
			}
			return weeklyOfficeReview(r, y), nil
		}, "get_mandators_overview"},
}

// booksFor fails when the mandator has no books for the year of p.
func (r request) booksFor(p Period) error {
	if r.hasBooks(p.Year) {
		return nil
	}
	return fmt.Errorf("%q has no books for %d (%s); %s", r.mandator, p.Year, p.Label, r.yearsText())
}

// A Prompt is a registered prompt and its argument names, for completions.
type Prompt struct {
	Name      string
	Arguments []string
}

// Prompts returns the prompts registered beside catalog and their arguments.
func Prompts(catalog []toolkit.Tool) []Prompt {
	var out []Prompt
	for _, d := range offered(catalog) {
		p := Prompt{Name: d.prompt.Name}
		for _, a := range d.prompt.Arguments {
			p.Arguments = append(p.Arguments, a.Name)
		}
		out = append(out, p)
	}
	return out
}

// offered returns the definitions a mode with catalog registers.
func offered(catalog []toolkit.Tool) []definition {
	var out []definition
	for _, d := range definitions {
		if d.office == "" || slices.ContainsFunc(catalog, func(t toolkit.Tool) bool { return t.Def.Name == d.office }) {
			out = append(out, d)
		}
	}
	return out
}

// Register adds the prompts to s; their plans name only the tools of
// catalog, and they check mandator and years against env.
func Register(s *mcp.Server, env *toolkit.Env, catalog []toolkit.Tool) {
	names := map[string]bool{}
	for _, t := range catalog {
		names[t.Def.Name] = true
	}
	for _, d := range offered(catalog) {
		s.AddPrompt(d.prompt, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			text, err := Text(env, func(tool string) bool { return names[tool] }, d.prompt.Name, req.Params.Arguments)
			if err != nil {
				return nil, err
			}
			return &mcp.GetPromptResult{Description: d.prompt.Description,
				Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}, nil
		})
	}
}

// Text checks the arguments of prompt name and renders its plan. Bad
// arguments are an invalid-params error naming the value and the choices.
func Text(env *toolkit.Env, has func(string) bool, name string, args map[string]string) (string, error) {
	i := slices.IndexFunc(definitions, func(d definition) bool { return d.prompt.Name == name })
	if i < 0 {
		return "", invalid("unknown prompt %s", toolkit.Quote(name))
	}
	d := definitions[i]
	var valid []string
	for _, a := range d.prompt.Arguments {
		valid = append(valid, a.Name)
		if v := strings.TrimSpace(args[a.Name]); a.Required && v == "" {
			return "", invalid("prompt %s needs the argument %s (%s)", name, a.Name, a.Description)
		}
	}
	for k := range args {
		if !slices.Contains(valid, k) {
			return "", invalid("prompt %s has no argument %s; its arguments are %s", name, toolkit.Quote(k), strings.Join(valid, ", "))
		}
	}
	lang := strings.ToLower(strings.TrimSpace(args["language"]))
	if lang == "" {
		lang = Languages[0]
	}
	if !slices.Contains(Languages, lang) {
		return "", invalid("language %s is not offered; choose %s", toolkit.Quote(args["language"]), strings.Join(Languages, " or "))
	}
	var mandator string
	var years []int
	var err error
	if d.office == "" {
		if mandator, err = env.Mandator(strings.TrimSpace(args["mandator"])); err != nil {
			return "", invalid("%s", message(err))
		}
		years, err = env.Store.MandatorYears(mandator)
	} else {
		years, err = env.Store.Years()
	}
	if err != nil {
		return "", &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "reading the data folder: " + err.Error()}
	}
	r := request{mandator: mandator, lang: lang, has: has, now: env.Now(), years: years,
		hasBooks: func(y int) bool { return slices.Contains(years, y) }}
	clean := map[string]string{}
	for k, v := range args {
		clean[k] = strings.TrimSpace(v)
	}
	p, err := d.build(r, clean)
	if err != nil {
		return "", invalid("%s", err.Error())
	}
	return render(p, lang, has), nil
}

func (r request) yearsText() string {
	if len(r.years) == 0 {
		return "it has no books in any year"
	}
	ys := make([]string, len(r.years))
	for i, y := range r.years {
		ys[i] = strconv.Itoa(y)
	}
	return "years with books: " + strings.Join(ys, ", ")
}

// message is the message of a toolkit error, without its remediation, which
// may name a tool the mode does not register.
func message(err error) string {
	var te *toolkit.Error
	if errors.As(err, &te) {
		return te.Message
	}
	return err.Error()
}

func invalid(format string, args ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, args...)}
}
