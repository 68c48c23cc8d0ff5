package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// answerCmd prints an expenses-by-account report as "NUMBER AMOUNT" lines.
func answerCmd(args []string) error {
	fs := flag.NewFlagSet("answer", flag.ContinueOnError)
	from := fs.String("from", "", "ledger, hledger or mcp")
	only := fs.Int("account", 0, "print only this account number")
	if err := fs.Parse(args); err != nil {
		return err
	}
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		return err
	}
	var rows map[int]decimal.Decimal
	switch *from {
	case "ledger":
		rows, err = fromLedger(data)
	case "hledger":
		rows, err = fromHledger(data)
	case "mcp":
		rows, err = fromMCP(data)
	default:
		return fmt.Errorf("-from must be ledger, hledger or mcp")
	}
	if err != nil {
		return fmt.Errorf("%s answer: %v", *from, err)
	}
	numbers := make([]int, 0, len(rows))
	for n := range rows {
		if *only == 0 || n == *only {
			numbers = append(numbers, n)
		}
	}
	sort.Ints(numbers)
	for _, n := range numbers {
		fmt.Printf("%d %s\n", n, rows[n].StringFixed(2))
	}
	return nil
}

// accountNumber finds the account number in a journal account name such as
// "Expenses:40 Lebensmittel:4000 Lebensmittel".
var accountNumber = regexp.MustCompile(`:(\d+) [^:]*$`)

// chf parses "CHF 123.4500000".
func chf(s string) (decimal.Decimal, error) {
	s = strings.TrimSpace(s)
	v, ok := strings.CutPrefix(s, "CHF ")
	if !ok {
		return decimal.Decimal{}, fmt.Errorf("amount %q is not in CHF", s)
	}
	return decimal.NewFromString(strings.TrimSpace(v))
}

// fromLedger reads lines "ACCOUNT<TAB>AMOUNT", the balance format the
// script asks ledger for.
func fromLedger(data []byte) (map[int]decimal.Decimal, error) {
	out := map[int]decimal.Decimal{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		account, amt, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("line %q", line)
		}
		if err := add(out, account, amt); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fromHledger reads hledger's CSV balance report.
func fromHledger(data []byte) (map[int]decimal.Decimal, error) {
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		return nil, err
	}
	out := map[int]decimal.Decimal{}
	for _, r := range recs[1:] {
		if len(r) < 2 || r[0] == "total" {
			continue
		}
		if err := add(out, r[0], r[1]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func add(out map[int]decimal.Decimal, account, amt string) error {
	m := accountNumber.FindStringSubmatch(account)
	if m == nil {
		return fmt.Errorf("account %q has no number", account)
	}
	n, _ := strconv.Atoi(m[1])
	v, err := chf(amt)
	if err != nil {
		return err
	}
	out[n] = out[n].Add(v)
	return nil
}

// fromMCP reads get_expenses_by_category's result with groupBy account.
func fromMCP(data []byte) (map[int]decimal.Decimal, error) {
	var res struct {
		Categories []struct {
			Number   int    `json:"number"`
			TotalChf string `json:"totalChf"`
		} `json:"categories"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, err
	}
	out := map[int]decimal.Decimal{}
	for _, c := range res.Categories {
		v, err := decimal.NewFromString(c.TotalChf)
		if err != nil {
			return nil, err
		}
		out[c.Number] = v
	}
	return out, nil
}
