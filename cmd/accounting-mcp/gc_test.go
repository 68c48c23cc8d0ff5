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

// TestLimitMemory checks that the memory limit follows the cache's cap
// unless GOMEMLIMIT sets one.
func TestLimitMemory(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	limitMemory(func(string) string { return "" }, 128<<20)
	if got := debug.SetMemoryLimit(-1); got != 128<<20+192<<20 {
		t.Errorf("cap 128 MiB: memory limit %d MiB; want 320", got>>20)
	}
	debug.SetMemoryLimit(1 << 40)
	limitMemory(func(k string) string {
		if k == "GOMEMLIMIT" {
			return "2GiB" // the runtime has read it already; limitMemory must leave it
		}
		return ""
	}, 128<<20)
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("with GOMEMLIMIT set: memory limit %d; want it left at %d", got, int64(1<<40))
	}
}
