// Package views serves the MCP Apps views of the server (the
// io.modelcontextprotocol/ui extension, SEP-1865): one self-contained HTML
// app, built by esbuild from web/ and embedded, that draws the answers of
// get_spending_over_time, get_net_worth_history, get_expenses_by_category
// and compare_years as charts with a table of the same numbers. A tool
// names the app in its _meta (ToolMeta); a host that supports the extension
// reads the ui:// resource and shows it beside the answer, fed with the
// tool's result; other hosts ignore the field.
package views
