package aggregate

import (
	"embed"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

//go:embed schemas
var schemaFS embed.FS

// schemaFiles are the schemas of this package's tools, generated from their
// Go types (see toolkit.SchemaFiles): `go test ./tools -run GeneratedSchemas
// -update` writes them.
var schemaFiles = toolkit.SchemaFiles{FS: schemaFS, Dir: "schemas", Package: "aggregate"}
