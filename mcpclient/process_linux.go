package mcpclient

import "syscall"

// sysProcAttr starts the child as the leader of a process group of its own
// (see signal), and has the kernel kill it if mcpeek dies without stopping
// it. The parent-death signal follows the thread that started the child,
// which the Go runtime does not end while mcpeek runs. It reaches the child
// only: what the child started is left to the child's own end.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
