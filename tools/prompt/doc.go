// Package prompt defines the server's prompts: a monthly cash report, an
// explanation of the change between two periods, and a year in review, in
// English and German. Each prompt is a numbered plan that names the tool to
// call at every step with its arguments; a step whose tool the privacy mode
// does not register is left out, so that an Aggregate prompt names only
// aggregate tools.
package prompt
