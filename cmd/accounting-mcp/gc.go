package main

import (
	"math"
	"runtime/debug"

	"github.com/accounting-mcp/accounting-mcp/reader"
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
// collections, which the memory limit (limitMemory) bounds.
const defaultGOGC = 400

// memoryHeadroom is what the memory limit allows beyond the cache's cap:
// the runtime, the books of the calls under way (read and parsed before
// they are cached) and the garbage between two collections. The cache's
// estimate is above what its books keep alive (docs/performance.md), so
// that the process stays within the cap plus 256 MiB.
const memoryHeadroom = 192 << 20

// tuneGC sets defaultGOGC unless getenv("GOGC") sets a target.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGOGC)
	}
}

// limitMemory sets the runtime's soft memory limit to the cache's cap plus
// memoryHeadroom, unless getenv("GOMEMLIMIT") sets one: below the limit,
// GOGC's generous growth keeps collections rare; near it, the collector
// runs as often as needed, and the cache, which drops what it holds beyond
// its cap, keeps what is live below the limit, so that collecting never
// turns into a loop.
func limitMemory(getenv func(string) string, cacheBytes int64) {
	if getenv("GOMEMLIMIT") != "" {
		return
	}
	limit := int64(math.MaxInt64)
	if cacheBytes < math.MaxInt64-memoryHeadroom {
		limit = cacheBytes + memoryHeadroom
	}
	debug.SetMemoryLimit(limit)
}

// cacheBytes is the cap of the cache of parsed books.
func (c Config) cacheBytes() int64 {
	if c.MaxCacheBytes <= 0 {
		return reader.DefaultMaxCacheSize
	}
	return c.MaxCacheBytes
}
