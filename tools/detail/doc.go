// Package detail defines the tools registered only in Full and Local mode:
// they return account ids, transaction rows, texts and dates, built from the
// records of dto/sensitive.
package detail
