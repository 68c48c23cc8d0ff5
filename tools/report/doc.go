// Package report holds what the two variants of a tool share, the one
// tools/aggregate registers in Aggregate mode and the one tools/detail
// registers in Full and Local mode: their arguments, input schemas and
// descriptions, and the reports computed from the books before a mode
// shapes them. Neither tool package imports the other; both import this
// one. It must never import dto/sensitive, as tools/aggregate depends on it.
package report
