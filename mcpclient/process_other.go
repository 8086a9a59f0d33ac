//go:build !unix

package mcpclient

import "syscall"

// sysProcAttr has nothing to add where there are no process groups.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// signal kills the child for SIGKILL; there are no other signals to send.
func (p *process) signal(sig syscall.Signal) {
	if sig == syscall.SIGKILL {
		_ = p.cmd.Process.Kill()
	}
}

// groupLeft reports false: the child is all there is to stop.
func (p *process) groupLeft() bool { return false }
