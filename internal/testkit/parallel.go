package testkit

import (
	"flag"
	"strconv"
)

// WaitingParallel sets -test.parallel to n unless the command line gave
// it. Call it from TestMain, before m.Run, in a package whose tests mostly
// wait (on a deadline, a child process, a connection) rather than compute:
// the default, GOMAXPROCS, is 2 on a 2-core machine, so two tests that
// each sleep out a timeout would still take turns.
func WaitingParallel(n int) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		flag.Set("test.parallel", strconv.Itoa(n))
	}
}
