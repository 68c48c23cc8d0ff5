package benchbooks

import "runtime"

// HeapAfterGC collects the garbage and returns the bytes still allocated on
// the heap: what a benchmark keeps alive, measured before and after it
// loads books.
func HeapAfterGC() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
