package reader

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryParseErrorHasAKind reads the package's source and checks that
// every ParseError it constructs names its Kind, so that no error reaches a
// client without the value-free code the Aggregate mode shows.
func TestEveryParseErrorHasAKind(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	sites := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if id, ok := lit.Type.(*ast.Ident); !ok || id.Name != "ParseError" {
				return true
			}
			sites++
			for _, e := range lit.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Kind" {
						return true
					}
				}
			}
			t.Errorf("%s: a ParseError without a Kind", fset.Position(lit.Pos()))
			return true
		})
	}
	if sites < 10 {
		t.Errorf("found %d ParseError literals; the scan is broken", sites)
	}
}
