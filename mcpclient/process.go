package mcpclient

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// defaultStopGrace is how long a child gets to exit once its stdin is
// closed, and then once it has been sent SIGTERM, before it is killed.
const defaultStopGrace = 2 * time.Second

// stderrGrace bounds how long an exit waits for the last stderr bytes (a
// grandchild may hold the pipe open).
const stderrGrace = 500 * time.Millisecond

// process is the child of a stdio server. We spawn it ourselves rather than
// let mcp-go's Stdio transport do it, to set its working directory, to keep
// its stderr out of our terminal, and above all to learn the moment it exits
// (mcp-go only notices on the next request) and to be the one who reaps it.
//
// Its three pipes are os.Pipe files handed to the child as they are, so no
// goroutine of os/exec copies them and Wait returns as soon as the child
// exits, without closing our ends under mcp-go's reader.
type process struct {
	cmd    *exec.Cmd
	line   []string      // the command line it started with, any sandbox's included
	stdin  *stdinQueue   // our write end, for the transport
	stdout *os.File      // our read end
	stderr *os.File      // our read end
	out    *messageLimit // stdout, one message per line, for the transport
	lines  *lineRing
	grace  time.Duration // see defaultStopGrace

	stderrDone chan struct{} // closed when the stderr pipe reaches EOF
	exited     chan struct{} // closed after Wait returned and stderr drained
	waitErr    error         // valid once exited is closed
}

// startProcess runs cfg.Command with cfg.Args in cfg.Cwd, given cfg.Env (in
// a sandbox when cfg asks for one, see serverCommand). Its stderr goes, line by line and sanitised, to lines;
// its stdout is read a line of at most maxMessage at a time.
func startProcess(cfg ServerConfig, lines *lineRing, grace time.Duration, maxMessage messageCap) (_ *process, err error) {
	var files []*os.File
	defer func() {
		if err != nil {
			for _, f := range files {
				f.Close()
			}
		}
	}()
	pipe := func() (r, w *os.File, err error) {
		r, w, err = os.Pipe()
		if err == nil {
			files = append(files, r, w)
		}
		return r, w, err
	}
	inR, inW, err := pipe()
	if err != nil {
		return nil, fmt.Errorf("stdin pipe: %w", err)
	}
	outR, outW, err := pipe()
	if err != nil {
		return nil, fmt.Errorf("stdout pipe: %w", err)
	}
	errR, errW, err := pipe()
	if err != nil {
		return nil, fmt.Errorf("stderr pipe: %w", err)
	}

	l, err := serverCommand(cfg)
	if err != nil {
		return nil, err
	}
	cmd := l.cmd
	cmd.Dir = cfg.Cwd
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	cmd.SysProcAttr = sysProcAttr()
	if err := l.start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Command, err)
	}
	// The child has its ends now; ours must go so that EOF propagates.
	inR.Close()
	outW.Close()
	errW.Close()

	p := &process{
		cmd:        cmd,
		line:       l.line,
		stdin:      newStdinQueue(inW, maxStdinBacklog),
		stdout:     outR,
		stderr:     errR,
		out:        newMessageLimit(outR, maxMessage, framedByLines),
		lines:      lines,
		grace:      grace,
		stderrDone: make(chan struct{}),
		exited:     make(chan struct{}),
	}
	go func() {
		defer close(p.stderrDone)
		_, _ = io.Copy(p.lines, errR)
		p.lines.Flush()
	}()
	go p.wait()
	return p, nil
}

// wait reaps the child and then lets the last stderr lines arrive.
func (p *process) wait() {
	err := p.cmd.Wait()
	t := time.NewTimer(stderrGrace)
	defer t.Stop()
	select {
	case <-p.stderrDone:
	case <-t.C:
		// A grandchild holds stderr open: stop reading it.
		p.stderr.Close()
		<-p.stderrDone
	}
	p.waitErr = err
	close(p.exited)
}

// Exited is closed once the child has exited and been reaped.
func (p *process) Exited() <-chan struct{} { return p.exited }

// ExitError describes how the child ended. Call it after Exited is closed.
func (p *process) ExitError() error {
	var ee *exec.ExitError
	switch {
	case p.waitErr == nil:
		return errors.New("process exited with status 0")
	case errors.As(p.waitErr, &ee):
		return fmt.Errorf("process %s", ee.ProcessState.String())
	}
	return fmt.Errorf("process: %w", p.waitErr)
}

// stop ends the child and reaps it: its stdin is closed (the polite way to
// end a stdio server), then its process group gets SIGTERM, then SIGKILL,
// each after a grace period. What the child started and left behind gets
// the same SIGTERM and SIGKILL. It returns once the child is reaped and
// every pipe is closed. Unless polite, SIGTERM follows the closing of stdin
// at once.
func (p *process) stop(polite bool) {
	p.stdin.Close()
	grace := p.grace
	if grace <= 0 {
		grace = defaultStopGrace
	}
	if !polite || !p.waitFor(grace) {
		p.signal(syscall.SIGTERM)
		if !p.waitFor(grace) {
			p.signal(syscall.SIGKILL)
			<-p.exited
		}
	}
	if p.groupLeft() {
		p.signal(syscall.SIGTERM)
		if !p.waitGroup(grace) {
			p.signal(syscall.SIGKILL)
		}
	}
	p.stdout.Close()
	p.stderr.Close()
	// Closing stdin ends a write under way where pipes can be polled; else
	// the write ends with the last process holding the pipe's other end.
	t := time.NewTimer(stderrGrace)
	defer t.Stop()
	select {
	case <-p.stdin.Fed():
	case <-t.C:
	}
}

// groupPoll is how often waitGroup looks: a process group cannot be waited
// on, only probed.
const groupPoll = 10 * time.Millisecond

// waitGroup waits up to d for the child's process group to be gone.
func (p *process) waitGroup(d time.Duration) bool {
	deadline := time.Now().Add(d)
	t := time.NewTicker(groupPoll)
	defer t.Stop()
	for p.groupLeft() {
		if time.Now().After(deadline) {
			return false
		}
		<-t.C
	}
	return true
}

func (p *process) waitFor(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
		return true
	case <-t.C:
		return false
	}
}
