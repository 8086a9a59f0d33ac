//go:build unix

package gateway

import (
	"errors"
	"io"
	"net"
	"syscall"
)

// errUnexpectedRead is a connection that holds bytes no command asked for.
var errUnexpectedRead = errors.New("the store sent bytes no command asked for")

// connAlive reads the idle socket under c without waiting: nothing to read
// means alive; an end of file means the server closed it (it restarted, or
// dropped an idle client), and bytes mean the protocol is out of step.
func connAlive(c net.Conn) error {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	var alive error
	err = raw.Read(func(fd uintptr) bool {
		var buf [1]byte
		n, err := syscall.Read(int(fd), buf[:])
		switch {
		case n == 0 && err == nil:
			alive = io.EOF
		case n > 0:
			alive = errUnexpectedRead
		case err == syscall.EAGAIN || err == syscall.EWOULDBLOCK:
			alive = nil
		default:
			alive = err
		}
		return true // never wait for the socket to become readable
	})
	if err != nil {
		return err
	}
	return alive
}
