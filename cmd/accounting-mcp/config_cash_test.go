package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestConfigCashAccounts(t *testing.T) {
	dir := t.TempDir()
	yaml := filepath.Join(dir, "c.yaml")
	if err := os.WriteFile(yaml, []byte("Mcp:\n  CashAccounts: [1010, 1000]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, file string
		env        []string
		want       []int
	}{
		{"unset", "", nil, nil},
		{"env", "", []string{"Mcp__CashAccounts=1000, 1010,1020"}, []int{1000, 1010, 1020}},
		{"env, repeated", "", []string{"Mcp__CashAccounts=1010 1010"}, []int{1010}},
		{"file list", yaml, nil, []int{1010, 1000}},
		{"env over file", yaml, []string{"Mcp__CashAccounts=1020"}, []int{1020}},
	} {
		cfg, err := loadConfig(parseFlags(t, "--data-path", dir), c.file, false, envOf(c.env...))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(cfg.CashAccounts, c.want) {
			t.Errorf("%s: CashAccounts = %v; want %v", c.name, cfg.CashAccounts, c.want)
		}
	}
	for _, bad := range []string{"Mcp__CashAccounts=2000", "Mcp__CashAccounts=1010,Kasse", "Mcp__CashAccounts= , "} {
		_, err := loadConfig(parseFlags(t, "--data-path", dir), "", false, envOf(bad))
		if err == nil || !strings.Contains(err.Error(), "Mcp__CashAccounts") || !strings.Contains(err.Error(), "1000,1010,1020") {
			t.Errorf("%s: error = %v; want one naming Mcp__CashAccounts and an example", bad, err)
		}
	}
}
