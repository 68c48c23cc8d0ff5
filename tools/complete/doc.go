// Package complete answers completion/complete for the arguments of the
// server's prompts and resource templates: mandator names by a case- and
// accent-insensitive prefix of the name or of any of its words, the years
// (and months, quarters) the chosen mandator has books for, and languages.
package complete
