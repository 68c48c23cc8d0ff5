package tools_test

import (
	"strconv"

	"github.com/google/go-cmp/cmp/cmpopts"
)

// sortStrings compares string slices as sets.
var sortStrings = cmpopts.SortSlices(func(a, b string) bool { return a < b })

func itoa(n int) string { return strconv.Itoa(n) }
