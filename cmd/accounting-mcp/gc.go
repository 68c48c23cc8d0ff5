package main

import (
	"runtime/debug"
)

// defaultGOGC is the garbage collector's target percentage when the GOGC
// environment variable does not set one (GOGC and GOMEMLIMIT work as
// usual). The go-sdk makes about 160 KB of garbage for every request it
// reads (four 32 KB decoding buffers; scripts/floorbench/UPSTREAM.md), and
// collecting garbage costs, per request, that garbage times the live heap
// over the heap's growth between collections: with Go's default of 100 it
// was a third of a warm server's CPU, and HTTP throughput was 0.6-0.7 of
// the go-sdk floor's; at 400, 0.97-0.98 (scripts/floorbench). The price is
// memory: the heap may grow to five times what is live between
// collections (the books read, at 0.7-0.9 bytes per byte of XML).
const defaultGOGC = 400

// tuneGC sets defaultGOGC unless getenv("GOGC") sets a target.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGOGC)
	}
}
