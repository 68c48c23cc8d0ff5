package main

import (
	"runtime/debug"
	"testing"
)

// TestTuneGC checks that the binary collects garbage at defaultGOGC unless
// GOGC says otherwise.
func TestTuneGC(t *testing.T) {
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	tuneGC(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != defaultGOGC {
		t.Errorf("without GOGC: GC percent %d; want %d", got, defaultGOGC)
	}
	tuneGC(func(k string) string {
		if k == "GOGC" {
			return "50" // the runtime has read it already; tuneGC must leave it
		}
		return ""
	})
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: GC percent %d; want it left at 100", got)
	}
}
