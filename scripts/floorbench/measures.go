package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
)

// The measures, in the order they are printed.
const (
	mStart        = "start-up: `--demo call list_years` ÷ a go-sdk server that initializes and exits"
	mOneYear1     = "warm `list_mandators` of one year, 1 year of books ÷ go-sdk no-op tool"
	mOneYear50    = "warm `list_mandators` of one year, 50 years of books ÷ go-sdk no-op tool"
	mTrivial1     = "warm `list_years`, 1 year ÷ go-sdk no-op tool"
	mTrivial50    = "warm `list_years`, 50 years ÷ go-sdk no-op tool"
	mExpenses1    = "warm `get_expenses_by_category`, 1 year ÷ go-sdk no-op tool"
	mExpenses50   = "warm `get_expenses_by_category`, 50 years ÷ go-sdk no-op tool"
	mExpensesSame = "warm `get_expenses_by_category`, 1 year ÷ go-sdk tool with the same answer ready"
	mPage         = "warm 24 KB `get_transactions` page ÷ go-sdk no-op tool"
	mPageSame     = "warm 24 KB `get_transactions` page ÷ go-sdk tool with the same answer ready"
	mHTTP4        = "HTTP calls/s, 4 clients ÷ go-sdk HTTP server with the same answer"
	mHTTP16       = "HTTP calls/s, 16 clients ÷ go-sdk HTTP server with the same answer"
)

// The questions of the warm and HTTP measures. The scale books have one
// mandator, which every call names, as a configured default would.
var (
	noop     = question{"noop", `{}`}
	oneYear  = question{"list_mandators", `{"year":2025}`}
	trivial  = question{"list_years", `{"mandator":"` + benchbooks.Mandator + `"}`}
	expenses = question{"get_expenses_by_category", `{"mandator":"` + benchbooks.Mandator + `","year":2025}`}
	page     = question{"get_transactions", `{"mandator":"` + benchbooks.Mandator + `","year":2025,"limit":60}`}
)

// generate writes scale books of 1 and of 50 years; books[1] and books[50]
// are their roots.
func generate(work string, postings int) (map[int]string, error) {
	books := map[int]string{}
	for _, years := range []int{1, 50} {
		step(fmt.Sprintf("generating %d years of %d postings", years, postings))
		dir := filepath.Join(work, "books-"+strconv.Itoa(years))
		if err := benchbooks.Write(dir, years, postings); err != nil {
			return nil, err
		}
		books[years] = dir
	}
	return books, nil
}

// startUp times the start-up of each subject against the floor's.
func startUp(res results, subjects []subject, floor string, o options) error {
	cmds := []command{{floorName, []string{floor, "init"}, env()}}
	for _, s := range subjects {
		cmds = append(cmds, command{s.name, []string{s.bin, "--demo", "call", "list_years"}, env()})
	}
	r := res.declare(mStart, latency, 2, floorName)
	for i := range o.rounds {
		step(fmt.Sprintf("start-up, round %d of %d", i+1, o.rounds))
		if err := timeStarts(r, rotate(cmds, i), o.starts); err != nil {
			return err
		}
	}
	return nil
}

// warm times calls to running stdio servers.
func warm(res results, work string, subjects []subject, floor string, books map[int]string, o options) error {
	res.declare(mOneYear1, latency, 1.3, floorName)
	res.declare(mOneYear50, latency, 1.3, floorName)
	res.declare(mTrivial1, latency, 1.3, floorName)
	res.declare(mTrivial50, latency, 1.3, floorName)
	res.declare(mExpenses1, latency, 1.5, floorName)
	res.declare(mExpenses50, latency, 1.5, floorName)
	res.declare(mExpensesSame, latency, 0, sameName)
	res.declare(mPage, latency, 0, floorName)
	res.declare(mPageSame, latency, 0, sameName)
	servers := []*server{{argv: []string{floor, "stdio"}, asks: []ask{
		{mOneYear1, floorName, noop}, {mOneYear50, floorName, noop}, {mTrivial1, floorName, noop}, {mTrivial50, floorName, noop},
		{mExpenses1, floorName, noop}, {mExpenses50, floorName, noop}, {mPage, floorName, noop},
	}}}
	for _, s := range subjects {
		servers = append(servers,
			&server{argv: []string{s.bin, "--data-path", books[1], "serve"}, asks: []ask{
				{mOneYear1, s.name, oneYear}, {mTrivial1, s.name, trivial}, {mExpenses1, s.name, expenses},
				{mExpensesSame, s.name, expenses}, {mPage, s.name, page}, {mPageSame, s.name, page},
			}},
			&server{argv: []string{s.bin, "--data-path", books[50], "serve"}, asks: []ask{
				{mOneYear50, s.name, oneYear}, {mTrivial50, s.name, trivial}, {mExpenses50, s.name, expenses},
			}})
	}
	for _, s := range servers {
		if err := s.start(); err != nil {
			return err
		}
		defer s.session.Close()
	}
	// The floors with the same answers, taken from the first subject.
	for _, same := range []struct {
		measure string
		q       question
	}{{mExpensesSame, expenses}, {mPageSame, page}} {
		answer, err := answerOf(servers[1], same.q)
		if err != nil {
			return err
		}
		step(fmt.Sprintf("the %s answer is %d bytes", same.q.tool, len(answer)))
		file := filepath.Join(work, same.q.tool+".json")
		if err := os.WriteFile(file, answer, 0o644); err != nil {
			return err
		}
		s := &server{argv: []string{floor, "stdio", "-answer", file}, asks: []ask{{same.measure, sameName, noop}}}
		if err := s.start(); err != nil {
			return err
		}
		defer s.session.Close()
		servers = append(servers, s)
	}
	for i := range o.rounds {
		step(fmt.Sprintf("warm calls, round %d of %d", i+1, o.rounds))
		if err := timeCalls(res, rotate(servers, i), o.calls); err != nil {
			return err
		}
	}
	return nil
}

// throughput loads HTTP servers: each subject on the books of one year,
// and the floor answering with the same answer.
func throughput(res results, work string, subjects []subject, floor, books string, o options) error {
	token := strings.Repeat("floorbench", 4)
	var servers []*httpServer
	defer func() {
		for _, s := range servers {
			s.stop()
		}
	}()
	for _, s := range subjects {
		addr, err := freeAddr()
		if err != nil {
			return err
		}
		hs, err := startHTTP(s.name, []string{s.bin, "--data-path", books, "--http", addr}, env("Mcp__Http__Token="+token), addr, token)
		if err != nil {
			return err
		}
		servers = append(servers, hs)
	}
	answer, err := httpAnswer(servers[0], expenses)
	if err != nil {
		return err
	}
	file := filepath.Join(work, "expenses.json")
	if err := os.WriteFile(file, answer, 0o644); err != nil {
		return err
	}
	fs, err := startHTTP(floorName, []string{floor, "http", "-answer", file}, env(), "", "")
	if err != nil {
		return err
	}
	servers = append(servers, fs)
	for _, m := range []struct {
		name    string
		clients int
	}{{mHTTP4, 4}, {mHTTP16, 16}} {
		r := res.declare(m.name, rate, 0.8, floorName)
		for i := range o.rounds {
			step(fmt.Sprintf("HTTP with %d clients, round %d of %d", m.clients, i+1, o.rounds))
			for _, s := range rotate(servers, i) {
				tool := expenses.tool
				if s.subject == floorName {
					tool = noop.tool
				}
				v, err := load(s, tool, expenses.args, m.clients, o.httpTime)
				if err != nil {
					return err
				}
				r.add(s.subject, v)
			}
		}
	}
	return nil
}

// rotate returns v turned left by i, so that each round starts with
// another subject.
func rotate[T any](v []T, i int) []T {
	i %= len(v)
	return append(append([]T(nil), v[i:]...), v[:i]...)
}
