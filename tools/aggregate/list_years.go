package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// ListYearsIn are the arguments of list_years.
type ListYearsIn struct {
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books"`
}

// ListYears lists the years a mandator has books for.
var ListYears = toolkit.New(toolkit.Spec[ListYearsIn, dto.Years]{
	Name:        "list_years",
	Title:       "List years",
	Description: "Use to see which years a mandator has books for, before asking about a specific year. Years are ascending.",
	Handler: func(ctx context.Context, env *toolkit.Env, in ListYearsIn) (*dto.Years, error) {
		m, err := env.Mandator(in.Mandator)
		if err != nil {
			return nil, err
		}
		years, err := env.Store.MandatorYears(m)
		if err != nil {
			return nil, err
		}
		return &dto.Years{Mandator: m, Years: nonNil(years)}, nil
	},
})

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
