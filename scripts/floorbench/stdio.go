package main

import (
	"fmt"
	"os"
	"time"

	"github.com/accounting-mcp/accounting-mcp/internal/rawmcp"
)

// A question is one tool call asked again and again of a warm server.
type question struct {
	tool string
	args string
}

// A server is a running stdio server and the questions it is asked; each
// question is measured as its own subject.
type server struct {
	argv    []string
	session *rawmcp.Session
	asks    []ask
}

type ask struct {
	measure, subject string // the row and column the figures go to
	q                question
}

func (s *server) start() error {
	sess, err := rawmcp.Start(os.Stderr, s.argv[0], s.argv[1:]...)
	if err != nil {
		return fmt.Errorf("%v: %w", s.argv, err)
	}
	s.session = sess
	for _, a := range s.asks { // warm the caches, and check the answer
		line, err := sess.Call(a.q.tool, []byte(a.q.args))
		if err != nil {
			return fmt.Errorf("%v: %w", s.argv, err)
		}
		isError, _, err := rawmcp.Result(line)
		if err != nil || isError {
			return fmt.Errorf("%v: %s %s answered %.300s (%v)", s.argv, a.q.tool, a.q.args, line, err)
		}
	}
	return nil
}

// timeCalls asks each question of each server n times, server after server,
// and adds the median time per call (request written to answer read) to
// the measure of the ask's subject.
func timeCalls(res results, servers []*server, n int) error {
	for _, s := range servers {
		for _, a := range s.asks {
			times := make([]time.Duration, 0, n)
			for range n {
				start := time.Now()
				if _, err := s.session.Call(a.q.tool, []byte(a.q.args)); err != nil {
					return err
				}
				times = append(times, time.Since(start))
			}
			res.rounds(a.measure).add(a.subject, durationsMedian(times))
		}
	}
	return nil
}

// answerOf returns the structured content of one call of q on s.
func answerOf(s *server, q question) ([]byte, error) {
	line, err := s.session.Call(q.tool, []byte(q.args))
	if err != nil {
		return nil, err
	}
	isError, structured, err := rawmcp.Result(line)
	if err != nil || isError {
		return nil, fmt.Errorf("%s %s answered %.300s (%v)", q.tool, q.args, line, err)
	}
	return structured, nil
}
