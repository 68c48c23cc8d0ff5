package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"time"
)

// A command is one process to start and time.
type command struct {
	subject string
	argv    []string
	env     []string
}

// timeStarts runs each command n times, one after the other in turn, and
// adds each command's median wall time (start to exit, in ns) to r. Every
// command runs once untimed first, to warm the page cache.
func timeStarts(r rounds, cmds []command, n int) error {
	times := make([][]time.Duration, len(cmds))
	for i := -1; i < n; i++ {
		for j, c := range cmds {
			d, err := run(c)
			if err != nil {
				return err
			}
			if i >= 0 {
				times[j] = append(times[j], d)
			}
		}
	}
	for j, c := range cmds {
		r.add(c.subject, durationsMedian(times[j]))
	}
	return nil
}

func run(c command) (time.Duration, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	cmd.Env = c.env
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		return 0, fmt.Errorf("%v: %v\n%s", c.argv, err, stderr.Bytes())
	}
	if stdout.Len() == 0 && c.subject != floorName {
		return 0, fmt.Errorf("%v printed nothing", c.argv)
	}
	return d, nil
}
