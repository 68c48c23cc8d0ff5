package main

import (
	"flag"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

func parseFlags(t *testing.T, args ...string) *flag.FlagSet {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.String("data-path", "", "")
	fs.String("mandator", "", "")
	fs.String("privacy", "", "")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return fs
}

func envOf(vars ...string) func() []string { return func() []string { return vars } }

func TestConfigFromDesignDocumentEnv(t *testing.T) {
	// The env block of the design document's claude_desktop_config.json.
	c, err := loadConfig(parseFlags(t), "", false, envOf(
		"Settings__DataPath=D:/Developer/AccountingData/",
		"Settings__DefaultMandator=Claudio Schaad",
		"Mcp__Privacy=Aggregate",
		"Fx__EUR=0.94",
		"Fx__usd=0.8812",
		"PATH=/usr/bin",
		"SETTINGS_DATAPATH=ignored",
	))
	if err != nil {
		t.Fatal(err)
	}
	if c.DataPath != "D:/Developer/AccountingData/" || c.DefaultMandator != "Claudio Schaad" || c.Privacy != tools.Aggregate {
		t.Errorf("config = %+v", c)
	}
	if c.Rates["EUR"].String() != "0.94" || c.Rates["USD"].String() != "0.8812" || len(c.Rates) != 2 {
		t.Errorf("rates = %v; want EUR 0.94, USD 0.8812", c.Rates)
	}
}

// TestConfigPeriods reads mcp.aggregate.periods in any case, Month when
// unset.
func TestConfigPeriods(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want disclosure.Periods
	}{
		{[]string{"Settings__DataPath=/x"}, disclosure.Month},
		{[]string{"Settings__DataPath=/x", "Mcp__Aggregate__Periods=quarter"}, disclosure.Quarter},
		{[]string{"Settings__DataPath=/x", "Mcp__Aggregate__Periods=YEAR"}, disclosure.Year},
		{[]string{"Settings__DataPath=/x", "Mcp__Aggregate__Periods=Month"}, disclosure.Month},
	} {
		cfg, err := loadConfig(parseFlags(t), "", false, envOf(c.env...))
		if err != nil {
			t.Fatalf("%v: %v", c.env, err)
		}
		if cfg.Periods != c.want {
			t.Errorf("%v: Periods = %s; want %s", c.env, cfg.Periods, c.want)
		}
	}
}

// TestConfigCurrentYear reads mcp.aggregate.currentYear in any case,
// Withheld when unset.
func TestConfigCurrentYear(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want disclosure.CurrentYear
	}{
		{[]string{"Settings__DataPath=/x"}, disclosure.Withheld},
		{[]string{"Settings__DataPath=/x", "Mcp__Aggregate__CurrentYear=todate"}, disclosure.ToDate},
		{[]string{"Settings__DataPath=/x", "MCP__AGGREGATE__CURRENTYEAR= ToDate "}, disclosure.ToDate},
		{[]string{"Settings__DataPath=/x", "Mcp__Aggregate__CurrentYear=WITHHELD"}, disclosure.Withheld},
	} {
		cfg, err := loadConfig(parseFlags(t), "", false, envOf(c.env...))
		if err != nil {
			t.Fatalf("%v: %v", c.env, err)
		}
		if cfg.CurrentYear != c.want {
			t.Errorf("%v: CurrentYear = %s; want %s", c.env, cfg.CurrentYear, c.want)
		}
	}
}

func TestConfigMinPostings(t *testing.T) {
	for _, c := range []struct {
		env  []string
		want int
	}{
		{nil, 3},
		{[]string{"Mcp__Aggregate__MinPostings=5"}, 5},
		{[]string{"MCP__AGGREGATE__MINPOSTINGS= 2 "}, 2},
	} {
		cfg, err := loadConfig(parseFlags(t), "", true, envOf(c.env...))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.MinPostings != c.want {
			t.Errorf("%v: MinPostings = %d; want %d", c.env, cfg.MinPostings, c.want)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "c.json")
	if err := os.WriteFile(path, []byte(`{"Mcp": {"Aggregate": {"MinPostings": 4}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if cfg, err := loadConfig(parseFlags(t), path, true, envOf()); err != nil || cfg.MinPostings != 4 {
		t.Errorf("config file: MinPostings = %d, %v; want 4", cfg.MinPostings, err)
	}
}

func TestConfigPrecedence(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"c.yaml": "Settings:\n  DataPath: /from/file\n  DefaultMandator: FileM\nMcp:\n  Privacy: Local\nFx:\n  EUR: 0.9\n",
		"c.json": `{"settings": {"datapath": "/from/file", "defaultmandator": "FileM"}, "mcp": {"privacy": "Local"}, "fx": {"EUR": "0.9"}}`,
		"c.toml": "[settings]\ndatapath = \"/from/file\"\ndefaultmandator = \"FileM\"\n[mcp]\nprivacy = \"Local\"\n[fx]\nEUR = \"0.9\"\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := loadConfig(parseFlags(t), path, false, envOf())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if c.DataPath != "/from/file" || c.DefaultMandator != "FileM" || c.Privacy != tools.Local || c.Rates["EUR"].String() != "0.9" {
			t.Errorf("%s: config = %+v", name, c)
		}
		// Environment beats the file; flags beat the environment.
		c, err = loadConfig(parseFlags(t, "--privacy", "full"), path, false, envOf("Settings__DataPath=/from/env", "Mcp__Privacy=Aggregate"))
		if err != nil {
			t.Fatal(err)
		}
		if c.DataPath != "/from/env" || c.Privacy != tools.Full || c.DefaultMandator != "FileM" {
			t.Errorf("%s with env and flag: config = %+v", name, c)
		}
	}
}

func TestConfigErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		flags []string
		env   []string
		file  string
		want  []string
	}{
		{"no data path", nil, nil, "", []string{"Settings__DataPath", "--demo"}},
		{"bad privacy", nil, []string{"Settings__DataPath=/x", "Mcp__Privacy=Secret"}, "", []string{`"Secret"`, "Mcp__Privacy", "Full, Aggregate or Local"}},
		{"bad rate", nil, []string{"Settings__DataPath=/x", "Fx__EUR=0,94"}, "", []string{"Fx__EUR", "0,94"}},
		{"negative rate", nil, []string{"Settings__DataPath=/x", "Fx__EUR=-1"}, "", []string{"Fx__EUR"}},
		{"bad file type", nil, []string{"Settings__DataPath=/x"}, "conf.ini", []string{"conf.ini", ".yaml"}},
		{"missing file", nil, []string{"Settings__DataPath=/x"}, "/nonexistent/c.yaml", []string{"/nonexistent/c.yaml"}},
		{"k of 1", nil, []string{"Settings__DataPath=/x", "Mcp__Aggregate__MinPostings=1"}, "", []string{`"1"`, "Mcp__Aggregate__MinPostings", "at least 2"}},
		{"k not a number", nil, []string{"Settings__DataPath=/x", "Mcp__Aggregate__MinPostings=three"}, "", []string{`"three"`, "Mcp__Aggregate__MinPostings"}},
		{"bad periods", nil, []string{"Settings__DataPath=/x", "Mcp__Aggregate__Periods=weekly"}, "", []string{`"weekly"`, "Mcp__Aggregate__Periods", "Month, Quarter or Year"}},
		{"bad current year", nil, []string{"Settings__DataPath=/x", "Mcp__Aggregate__CurrentYear=yes"}, "", []string{`"yes"`, "Mcp__Aggregate__CurrentYear", "Withheld", "ToDate"}},
		{"k a fraction", nil, []string{"Settings__DataPath=/x", "Mcp__Aggregate__MinPostings=2.5"}, "", []string{`"2.5"`, "at least 2"}},
	} {
		_, err := loadConfig(parseFlags(t, c.flags...), c.file, false, envOf(c.env...))
		if err == nil {
			t.Errorf("%s: loadConfig succeeded; want an error", c.name)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: error spans several lines: %q", c.name, msg)
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q does not mention %s", c.name, msg, w)
			}
		}
	}
}

func TestOpenStoreErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{DataPath: "/definitely/not/here"}, "Settings__DataPath"},
		{Config{DataPath: file}, "not a directory"},
		{Config{Demo: true, DefaultMandator: "Nobody"}, "Settings__DefaultMandator"},
	} {
		if _, err := openStore(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("openStore(%+v) = %v; want an error mentioning %s", c.cfg, err, c.want)
		}
	}
	if _, err := openStore(Config{Demo: true, DefaultMandator: "claudio schaad"}); err != nil {
		t.Errorf("openStore(demo, claudio schaad) = %v; want the mandator found ignoring case", err)
	}
}
