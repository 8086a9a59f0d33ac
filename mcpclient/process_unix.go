//go:build unix

package mcpclient

import "syscall"

// signal sends sig to the child's process group: the child and whatever it
// started (the server under "sh -c" or npx), which would otherwise outlive
// it. The group outlives its leader, so this also reaches what is left of
// it once the child has been reaped.
func (p *process) signal(sig syscall.Signal) {
	_ = syscall.Kill(-p.cmd.Process.Pid, sig)
}

// groupLeft reports whether any process of the child's group is still
// there (a zombie counts: no one may be reaping orphans).
func (p *process) groupLeft() bool {
	return syscall.Kill(-p.cmd.Process.Pid, 0) == nil
}
