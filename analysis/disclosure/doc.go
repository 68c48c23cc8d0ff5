// Package disclosure decides which figures the Aggregate privacy mode may
// publish, so that a client that asks every question it can, and combines
// the answers, learns no single posting.
//
// # The guarantee
//
// Let k be mcp.aggregate.minPostings (at least 2; 3 by default).
//
//   - G1, no day: Aggregate answers only for whole book months, quarters,
//     or other ranges of whole months of one book year, or for the year.
//   - G2, no small cell: every figure published for less than a book year
//     (a category, a total of income or expenses, a month-end balance sheet)
//     covers no posting or at least k postings; other figures are withheld,
//     never estimated.
//   - G3, no differencing: no withheld figure can be computed from published
//     ones, in one answer or across answers: every figure that can be
//     computed from them for less than a year covers no posting or at least
//     k postings too. What is published includes each account's year figure
//     (list_accounts), counts, and the fact that a figure covers no posting.
//   - G4, nothing from the files: errors and warnings carry codes, counts,
//     paths relative to the data root and line numbers (enforced in package
//     toolkit).
//
// Figures for a whole book year are published as they are: the year's
// totals and categories, the balance sheet and each account's balance at the
// end of the year. They still imply something: a category with one posting
// in a year shows its amount (never its date), and the next year's opening
// balances equal this year's closing ones.
//
// # How: one released table per mandator-year
//
// Release computes a Table once from the books (the BookCells of package
// analysis: each group's amount and postings per book month) and tools only
// sum its whole blocks. The months of a year are the leaves of a fixed
// calendar tree: the year, its halves, its quarters and its months. Each
// series (every expense category, the totals of expenses and of income, the
// movements of assets and of liabilities) is published on a cut of that
// tree: a partition of the year into tree nodes, each of which holds no
// posting of the series or at least k (the finest such cut is taken). A
// range of months is published for a series when it is a union of the
// series' cut nodes; every other range is withheld.
//
// Postings are counted as analysis.Cell counts them: only postings of
// non-zero value with exactly one leg in the class, so that the counts of
// categories add up to their class and no pair of postings that cancel out
// can pad a small figure. A node with a leg but no counted posting is not
// publishable.
//
// Categories and the expense total meet in every node where the total is
// published: the categories not published there (the remainder, which is
// total minus the published categories) must also hold no posting or at
// least k. Where it would not, Release withdraws the category with the
// fewest postings there to the parent node, until it does; this never breaks
// another node, since a withdrawn category's cells hold no posting or at
// least k each.
//
// Why that is enough (G3): the categories not published at the children of
// a node are the same for all children, since cuts are tree cuts. So within
// each node the unknowns form a grid (those categories × the children) whose
// row sums (a category's published figure at the node, or the node's
// remainder for the categories withheld above it) and column sums (the
// children's remainders) are all known. In such a grid the only sums of
// cells that the row and column sums determine are unions of whole rows or
// of whole columns, and each of those holds no posting or at least k. A test
// checks this claim by brute force on small trees: it enumerates every set
// of cells, tests with exact linear algebra whether the published figures
// determine its sum, and finds no such set for less than a year with 1 to
// k−1 postings.
//
// Double entry ties the classes together: in every month, the change of the
// assets minus the change of the liabilities equals income minus expenses
// plus the residual (analysis.BookCells.Residual: foreign legs at the year's
// rate against their booked value, postings without a rate, accounts outside
// the class ranges), a series of its own. So equity is published at the end
// of a month only when the income, expense and residual series are all
// published up to it, and assets and liabilities only where, in addition,
// both of their own series are: then no figure of the five is ever known
// where another is withheld.
//
// Zero knowledge: a node published as holding no leg tells that none of the
// group's accounts moved there, so each account's published year figure
// lies in the other nodes. A group with an account whose year figure is not
// ok is therefore never shown empty below the year (Series.hideEmpty), nor
// is a remainder that holds such a category.
//
// Periods caps how deep cuts go (mcp.aggregate.periods: Month, Quarter,
// Year). CurrentYear (mcp.aggregate.currentYear) says what is released of
// a year that has not ended: by default nothing (Withheld), so each year is
// released once, when it has ended; with ToDate, tools release the table of
// the books cut at the end of the last month (quarter) that has ended, so
// the open period is in no figure.
//
// Why a year is withheld until it ends: its figures are published exactly
// then, so whatever was shown of it before, subtracted from the year, gives
// the rest of the year, and on the day it was shown nothing can tell
// whether the rest will hold 1 to k−1 postings (whatever a series shows of
// January by 1 February, if December then holds one posting). The releases
// of one year at different cuts are therefore safe together only when there
// is one cut, the year's end; a test audits the union of the releases at
// every cut and finds the leak with ToDate, none with Withheld
// (docs/privacy.md#the-current-year).
//
// What remains outside the guarantee (docs/privacy.md): outside knowledge
// such as known regular payments; a posting booked into a year (with
// ToDate, into a month) after it has ended changes its figures; with ToDate,
// answers of different months.
package disclosure
