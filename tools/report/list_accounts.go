package report

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// Classes are the values of the class argument.
var Classes = []string{"activa", "passiva", "income", "expenses"}

// ListAccountsIn are the arguments of list_accounts.
type ListAccountsIn struct {
	toolkit.Scope
	Class string `json:"class,omitempty" jsonschema:"only accounts of this class"`
}

// ClassSchema restricts the class argument to its values.
func ClassSchema(s *jsonschema.Schema) { toolkit.Enum(s, "class", Classes...) }

// ClassFilter returns whether account a passes the class argument.
func ClassFilter(class string) func(a *reader.Account) bool {
	return func(a *reader.Account) bool { return class == "" || a.Class().String() == class }
}
