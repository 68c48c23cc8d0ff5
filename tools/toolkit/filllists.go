package toolkit

import (
	"reflect"
	"sync"
)

// fillLists replaces, in the value v points to, every nil slice or map in
// a field without omitempty by an empty one, so that a required list is
// written [] rather than null. It descends into structs, pointers and the
// elements of slices. What to do with each field of a struct type is worked
// out once per type (fillPlanOf): every call fills the lists of its answer.
func fillLists(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			fillLists(v.Elem())
		}
	case reflect.Slice:
		if mayHoldLists(v.Type().Elem()) {
			for i := range v.Len() {
				fillLists(v.Index(i))
			}
		}
	case reflect.Struct:
		for _, f := range fillPlanOf(v.Type()).fields {
			fv := v.Field(f.index)
			if f.fill && fv.CanSet() {
				switch {
				case fv.Kind() == reflect.Slice && fv.IsNil():
					fv.Set(reflect.MakeSlice(fv.Type(), 0, 0))
				case fv.Kind() == reflect.Map && fv.IsNil():
					fv.Set(reflect.MakeMap(fv.Type()))
				}
			}
			if f.descend {
				fillLists(fv)
			}
		}
	}
}

// A fillPlan lists the fields of a struct type that fillLists fills or
// descends into, which are all it has to look at.
type fillPlan struct {
	fields []fillField
	holds  bool // whether a value of the type can hold a list to fill
}

type fillField struct {
	index   int
	fill    bool // a slice or map without omitempty
	descend bool // may hold lists itself
}

var fillPlans sync.Map // reflect.Type → *fillPlan, complete

// fillPlanOf returns the plan of struct type t, building it on first use.
func fillPlanOf(t reflect.Type) *fillPlan {
	if p, ok := fillPlans.Load(t); ok {
		return p.(*fillPlan)
	}
	return buildFillPlan(t, map[reflect.Type]bool{})
}

// buildFillPlan builds and keeps the plan of struct type t; visiting holds
// the types whose plans are being built, which a type that contains itself
// meets again.
func buildFillPlan(t reflect.Type, visiting map[reflect.Type]bool) *fillPlan {
	visiting[t] = true
	defer delete(visiting, t)
	plan := &fillPlan{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() || f.Tag.Get("json") == "-" {
			continue
		}
		kind := f.Type.Kind()
		ff := fillField{index: i,
			fill:    (kind == reflect.Slice || kind == reflect.Map) && !omitEmpty(f),
			descend: holdsLists(f.Type, visiting)}
		if ff.fill || ff.descend {
			plan.fields = append(plan.fields, ff)
			plan.holds = true
		}
	}
	fillPlans.Store(t, plan)
	return plan
}

// mayHoldLists reports whether a value of type t can hold a list fillLists
// would fill: structs with such fields, and pointers to them, slices of
// them and interfaces, whose values are only known at run time.
func mayHoldLists(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice:
		return mayHoldLists(t.Elem())
	case reflect.Struct:
		return fillPlanOf(t).holds
	}
	return false
}

// holdsLists is mayHoldLists while the plans of visiting are being built.

func holdsLists(t reflect.Type, visiting map[reflect.Type]bool) bool {
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice:
		return holdsLists(t.Elem(), visiting)
	case reflect.Struct:
		if visiting[t] {
			return true // it contains itself: look inside at run time
		}
		if p, ok := fillPlans.Load(t); ok {
			return p.(*fillPlan).holds
		}
		return buildFillPlan(t, visiting).holds
	}
	return false
}
