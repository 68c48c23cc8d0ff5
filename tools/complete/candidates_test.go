package complete

import (
	"slices"
	"testing"
)

func TestMandators(t *testing.T) {
	all := []string{"Claudio Schaad", "Stiftung Claudia", "Verein Zürichsee", "Élise Müller-Weber"}
	for value, want := range map[string][]string{
		"zur":   {"Verein Zürichsee"},
		"CLAU":  {"Claudio Schaad", "Stiftung Claudia"}, // whole-name match first
		"ver":   {"Verein Zürichsee"},
		"weber": {"Élise Müller-Weber"},
		"ELISE": {"Élise Müller-Weber"},
		" sch ": {"Claudio Schaad"},
		"zz":    nil,
	} {
		if got := Mandators(all, value); !slices.Equal(got, want) {
			t.Errorf("Mandators(%q) = %q; want %q", value, got, want)
		}
	}
	if got := Mandators(all, ""); !slices.Equal(got, all) {
		t.Errorf("Mandators(\"\") = %q; want all", got)
	}
}
