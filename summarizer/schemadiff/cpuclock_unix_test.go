//go:build unix

package schemadiff

import (
	"syscall"
	"testing"
	"time"
)

// cpuClock measures the CPU time (user and system, every thread) the
// process spends in a benchmark loop, reported as cpu-ms/op: unlike the
// time per op, it hardly grows when other work shares the machine.
type cpuClock struct{ start time.Duration }

func startCPU(b *testing.B) cpuClock {
	b.ResetTimer()
	return cpuClock{start: processCPU(b)}
}

func (c cpuClock) report(b *testing.B) {
	b.ReportMetric(float64(processCPU(b)-c.start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
