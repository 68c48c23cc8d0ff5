package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// ListMandatorsIn are the arguments of list_mandators.
type ListMandatorsIn struct {
	Year int `json:"year,omitempty" jsonschema:"only mandators with books in this year"`
}

// ListMandators lists the sets of books in the data root.
var ListMandators = toolkit.New(toolkit.Spec[ListMandatorsIn, dto.Mandators]{
	Name:        "list_mandators",
	Title:       "List mandators",
	Description: "Use first when several sets of books (persons, households, clubs) may exist; pass a name as mandator to other tools. With year, only those with books that year.",
	Input:       func(s *jsonschema.Schema) { toolkit.YearRange(s, "year") },
	Handler: func(ctx context.Context, env *toolkit.Env, in ListMandatorsIn) (*dto.Mandators, error) {
		ms, err := env.Store.Mandators(in.Year)
		if err != nil {
			return nil, err
		}
		if ms == nil {
			ms = []string{}
		}
		return &dto.Mandators{Mandators: ms}, nil
	},
})
