package tools

import (
	"fmt"
	"strings"
)

// Privacy is the privacy mode, which decides what the server registers.
type Privacy int

// The privacy modes (docs/privacy.md).
const (
	Full      Privacy = iota // every tool
	Aggregate                // totals and categories only
	Local                    // every tool, for a model running on this machine
)

var privacyNames = []string{"Full", "Aggregate", "Local"}

// String returns the mode's name as configured.
func (p Privacy) String() string { return privacyNames[p] }

// ParsePrivacy parses a mode name, ignoring case; "" means Full.
func ParsePrivacy(s string) (Privacy, error) {
	if strings.TrimSpace(s) == "" {
		return Full, nil
	}
	for i, n := range privacyNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Privacy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown privacy mode %q: set Mcp__Privacy (or --privacy) to Full, Aggregate or Local", s)
}
