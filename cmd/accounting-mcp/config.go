package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/knadh/koanf/parsers/json"
	"github.com/knadh/koanf/parsers/toml/v2"
	"github.com/knadh/koanf/parsers/yaml"
	"github.com/knadh/koanf/providers/confmap"
	"github.com/knadh/koanf/providers/env/v2"
	"github.com/knadh/koanf/providers/file"
	"github.com/knadh/koanf/v2"
	"golang.org/x/text/unicode/norm"
)

// Config is the resolved configuration, handed down as plain values.
type Config struct {
	DataPath        string
	DefaultMandator string
	Privacy         tools.Privacy
	Rates           analysis.Rates
	Demo            bool
	HTTP            HTTPConfig
	// MinPostings is k of the Aggregate disclosure rules.
	MinPostings int
	// Periods is the finest period Aggregate publishes (mcp.aggregate.periods).
	Periods disclosure.Periods
	// CurrentYear says whether Aggregate shows the year that has not ended
	// (mcp.aggregate.currentYear).
	CurrentYear  disclosure.CurrentYear
	CashAccounts []int // account numbers get_cash_flow counts as cash; nil: the default
	// MaxFileBytes is the size ceiling of one data file
	// (settings.maxfilemib, in MiB); 0 means reader.DefaultMaxFileSize.
	MaxFileBytes int64
	// MaxCacheBytes is the cap of the cache of parsed books
	// (settings.maxcachemib, in MiB); 0 means reader.DefaultMaxCacheSize.
	MaxCacheBytes int64
}

// errNoDataPath is the error of a configuration without a data path; the
// commands that read no books (config) run without one.
var errNoDataPath = errors.New("no data path: set Settings__DataPath (or --data-path, or settings.datapath in --config) to the AccountingNext data folder, or pass --demo")

// demoMandator is the default mandator of the demo books, so that a
// newcomer's first call needs no arguments.
const demoMandator = "Claudio Schaad"

// flagKeys maps command-line flags to configuration keys.
var flagKeys = map[string]string{
	"data-path":     "settings.datapath",
	"mandator":      "settings.defaultmandator",
	"privacy":       "mcp.privacy",
	"http":          "mcp.http.addr",
	"max-cache-mib": "settings.maxcachemib",
}

// envPrefixes are the sections whose environment variables are read, with
// the .NET-style "__" separator: Settings__DataPath, Mcp__Privacy, Fx__EUR.
var envPrefixes = []string{"settings__", "mcp__", "fx__"}

// loadConfig merges defaults < config file < environment < flags.
func loadConfig(fs *flag.FlagSet, configFile string, demo bool, environ func() []string) (Config, error) {
	k := koanf.New(".")
	if err := k.Load(confmap.Provider(map[string]any{"mcp.privacy": "Full"}, "."), nil); err != nil {
		return Config{}, err
	}
	if configFile != "" {
		parser, err := parserFor(configFile)
		if err != nil {
			return Config{}, err
		}
		fk := koanf.New(".")
		if err := fk.Load(file.Provider(configFile), parser); err != nil {
			return Config{}, fmt.Errorf("config file %s: %w", configFile, err)
		}
		if err := k.Load(confmap.Provider(lowerKeys(fk.All()), "."), nil); err != nil {
			return Config{}, err
		}
	}
	err := k.Load(env.Provider(".", env.Opt{
		EnvironFunc: environ,
		TransformFunc: func(key, v string) (string, any) {
			lk := strings.ToLower(key)
			for _, p := range envPrefixes {
				if strings.HasPrefix(lk, p) {
					return strings.ReplaceAll(lk, "__", "."), v
				}
			}
			return "", nil
		},
	}), nil)
	if err != nil {
		return Config{}, err
	}
	set := map[string]any{}
	fs.Visit(func(f *flag.Flag) {
		if key, ok := flagKeys[f.Name]; ok {
			set[key] = f.Value.String()
		}
	})
	if err := k.Load(confmap.Provider(set, "."), nil); err != nil {
		return Config{}, err
	}
	return resolve(k, demo)
}

func resolve(k *koanf.Koanf, demo bool) (Config, error) {
	c := Config{
		DataPath:        strings.TrimSpace(k.String("settings.datapath")),
		DefaultMandator: strings.TrimSpace(k.String("settings.defaultmandator")),
		Demo:            demo,
		Rates:           analysis.Rates{},
		HTTP:            HTTPConfig{Addr: strings.TrimSpace(k.String("mcp.http.addr")), Token: strings.TrimSpace(k.String("mcp.http.token"))},
	}
	var err error
	if c.Privacy, err = tools.ParsePrivacy(k.String("mcp.privacy")); err != nil {
		return Config{}, err
	}
	if c.MinPostings, err = minPostings(k); err != nil {
		return Config{}, err
	}
	if c.Periods, err = disclosure.ParsePeriods(fmt.Sprint(k.String("mcp.aggregate.periods"))); err != nil {
		return Config{}, err
	}
	if c.CurrentYear, err = disclosure.ParseCurrentYear(fmt.Sprint(k.String("mcp.aggregate.currentyear"))); err != nil {
		return Config{}, err
	}
	if c.CashAccounts, err = cashAccounts(k); err != nil {
		return Config{}, err
	}
	for cur, v := range k.All() {
		if !strings.HasPrefix(cur, "fx.") {
			continue
		}
		code := strings.ToUpper(strings.TrimPrefix(cur, "fx."))
		s := fmt.Sprint(v)
		if f, ok := v.(float64); ok {
			s = strconv.FormatFloat(f, 'f', -1, 64)
		}
		rate, err := reader.ParseAmount(strings.TrimSpace(s))
		if err != nil || rate.Sign() <= 0 || len(code) != 3 {
			return Config{}, fmt.Errorf("exchange rate Fx__%s=%q is not valid: set it to the CHF value of one %s, e.g. 0.94", code, s, code)
		}
		c.Rates[code] = rate
	}
	if v := strings.TrimSpace(k.String("settings.maxfilemib")); v != "" {
		mib, err := strconv.ParseInt(v, 10, 64)
		if err != nil || mib < 1 || mib > 1<<20 {
			return Config{}, fmt.Errorf("Settings__MaxFileMiB=%q is not valid: set it to the largest data file to read, in MiB, e.g. %d", v, reader.DefaultMaxFileSize>>20)
		}
		c.MaxFileBytes = mib << 20
	}
	if c.MaxCacheBytes, err = maxCache(k); err != nil {
		return Config{}, err
	}
	if demo && c.DefaultMandator == "" {
		c.DefaultMandator = demoMandator
	}
	if !demo && c.DataPath == "" {
		return c, errNoDataPath
	}
	return c, nil
}

// maxCache reads settings.maxcachemib (Settings__MaxCacheMiB): a whole
// number of MiB of at least reader.MinCacheSize; 0 when unset.
func maxCache(k *koanf.Koanf) (int64, error) {
	v := k.Get("settings.maxcachemib")
	if v == nil {
		return 0, nil
	}
	s := strings.TrimSpace(fmt.Sprint(v))
	mib, err := strconv.ParseInt(s, 10, 64)
	if f, ok := v.(float64); ok && f == float64(int64(f)) { // a number in a JSON or YAML file
		mib, err = int64(f), nil
	}
	if err != nil || mib < reader.MinCacheSize>>20 || mib > 1<<30 {
		return 0, fmt.Errorf("Settings__MaxCacheMiB=%q is not valid: set it to the memory for cached books, a whole number of MiB of at least %d (default %d)",
			s, reader.MinCacheSize>>20, reader.DefaultMaxCacheSize>>20)
	}
	return mib << 20, nil
}

// minPostings reads mcp.aggregate.minPostings (Mcp__Aggregate__MinPostings):
// a whole number of at least 2, 3 when unset.
func minPostings(k *koanf.Koanf) (int, error) {
	v := k.Get("mcp.aggregate.minpostings")
	if v == nil {
		return tools.DefaultMinPostings, nil
	}
	s := strings.TrimSpace(fmt.Sprint(v))
	n, err := strconv.Atoi(s)
	if f, ok := v.(float64); ok && f == float64(int(f)) { // a number in a JSON or YAML file
		n, err = int(f), nil
	}
	if err != nil || n < disclosure.MinK {
		return 0, fmt.Errorf("Mcp__Aggregate__MinPostings=%q is not valid: set it to a whole number of at least %d "+
			"(postings a figure for less than a year must cover in Aggregate mode; default %d)", s, disclosure.MinK, tools.DefaultMinPostings)
	}
	return n, nil
}

func parserFor(path string) (koanf.Parser, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return json.Parser(), nil
	case ".yaml", ".yml":
		return yaml.Parser(), nil
	case ".toml":
		return toml.Parser(), nil
	}
	return nil, fmt.Errorf("config file %s: use a .json, .yaml or .toml file", path)
}

// lowerKeys lower-cases flattened keys, so that a config file may say
// Settings.DataPath as in the app's appsettings.json.
func lowerKeys(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	for _, key := range keys {
		out[strings.ToLower(key)] = m[key]
	}
	return out
}

// openStore opens the configured books and checks the default mandator.
func openStore(c Config) (*reader.Store, error) {
	var store *reader.Store
	if c.Demo {
		store = demoStore()
	} else {
		var err error
		if store, err = reader.Open(c.DataPath); err != nil {
			return nil, fmt.Errorf("%w: set Settings__DataPath to the AccountingNext data folder", err)
		}
	}
	store.SetMaxFileSize(c.MaxFileBytes)
	store.SetMaxCacheSize(c.MaxCacheBytes)
	ms, err := store.Mandators(0)
	if err != nil {
		return nil, fmt.Errorf("%w: set Settings__DataPath to the AccountingNext data folder", err)
	}
	if c.DefaultMandator != "" {
		// An exact name needs no folding, whose table takes a while to build.
		found := slices.Contains(ms, norm.NFC.String(c.DefaultMandator))
		for _, m := range ms {
			if !found && analysis.Fold(m) == analysis.Fold(c.DefaultMandator) {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("default mandator %q has no books: set Settings__DefaultMandator to one of %s", c.DefaultMandator, strings.Join(ms, ", "))
		}
	}
	return store, nil
}

func environ() []string { return os.Environ() }
