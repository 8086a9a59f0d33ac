//go:build unix && !linux

package mcpclient

import "syscall"

// sysProcAttr starts the child as the leader of a process group of its own
// (see signal).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
