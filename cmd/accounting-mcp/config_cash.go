package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/knadh/koanf/v2"
)

// cashAccountsKey is the configuration key of the accounts get_cash_flow
// counts as cash (env Mcp__CashAccounts): account numbers separated by
// commas or spaces ("1000,1010,1020"), or a list in a config file.
const cashAccountsKey = "mcp.cashaccounts"

// cashAccounts reads cashAccountsKey: nil when unset, else activa account
// numbers (1000–1999), each once, in the order given.
func cashAccounts(k *koanf.Koanf) ([]int, error) {
	if !k.Exists(cashAccountsKey) {
		return nil, nil
	}
	var words []string
	switch v := k.Get(cashAccountsKey).(type) {
	case []any:
		for _, e := range v {
			words = append(words, fmt.Sprint(e))
		}
	default:
		words = strings.FieldsFunc(fmt.Sprint(v), func(r rune) bool { return r == ',' || r == ';' || r == ' ' })
	}
	var out []int
	for _, w := range words {
		n, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || n < 1000 || n > 1999 {
			return nil, fmt.Errorf("cash accounts Mcp__CashAccounts=%q are not valid: %q is not an activa account number; set it to numbers from 1000 to 1999 separated by commas, e.g. 1000,1010,1020, or unset it for the default", fmt.Sprint(k.Get(cashAccountsKey)), w)
		}
		if !contains(out, n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("cash accounts Mcp__CashAccounts is empty: set it to activa account numbers separated by commas, e.g. 1000,1010,1020, or unset it for the default")
	}
	return out, nil
}

func contains(v []int, n int) bool {
	for _, x := range v {
		if x == n {
			return true
		}
	}
	return false
}
