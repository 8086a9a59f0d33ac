// Command demorecord records the planner walk-through of mcpeek's
// terminal explorer on the embedded demo server: it builds mcpeek, runs it
// in a detached tmux session of a fixed size, types the keys of each step,
// waits until the screen shows what the step is for (a condition, never a
// sleep), and captures the screen. It writes an asciinema v2 recording
// and SVG pictures of chosen frames.
//
//	go run ./scripts/demorecord -out docs
//
// It needs tmux. The recording's clock is the script's, not the machine's,
// so the same steps give the same file.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// step is one beat of the walk-through: keys typed (tmux send-keys
// names), text the screen must then show (and must not), how long the
// frame stays in the recording, and the picture to write of it, if any.
type step struct {
	keys    []string
	want    string
	notWant string
	hold    time.Duration
	picture string
}

// walk is the planner walk of docs/explorer.md: open the shop order tool, its planner
// view, move max_fields from 30 to 10 (the token counts follow), see the
// fields each view hides, and move it back.
func walk() []step {
	// The first frame waits for the start-up note to give way to the knobs.
	s := []step{{want: "max_fields 30 · max_depth 3", notWant: "no MCP server config", hold: 1500 * time.Millisecond}}
	s = append(s, step{keys: []string{"/"}, want: "filter:", hold: 300 * time.Millisecond}) // tmux trims the space
	for i := 1; i <= len("order"); i++ {
		s = append(s, step{keys: []string{"order"[i-1 : i]}, want: "filter: " + "order"[:i], hold: 150 * time.Millisecond})
	}
	s = append(s,
		step{keys: []string{"Enter"}, want: "31 summary lines", hold: 1500 * time.Millisecond},
		step{keys: []string{"p"}, want: "descriptor share", notWant: "counting", hold: 2500 * time.Millisecond},
	)
	for _, n := range []string{"25", "20", "15", "10"} {
		s = append(s, step{keys: []string{"-"}, want: "max_fields " + n + " · max_depth 3 ·", notWant: "counting", hold: 900 * time.Millisecond})
	}
	s[len(s)-1].hold = 2500 * time.Millisecond
	s = append(s,
		step{keys: []string{"Tab", "G"}, want: `"has_hidden_fields": true`, hold: 3000 * time.Millisecond, picture: "planner-preview.svg"},
		step{keys: []string{"c"}, want: "legacy: first 10 leaf paths", hold: 3500 * time.Millisecond, picture: "compare.svg"},
	)
	for _, n := range []string{"15", "20", "25", "30"} {
		s = append(s, step{keys: []string{"+"}, want: "legacy: first " + n + " leaf paths", hold: 700 * time.Millisecond})
	}
	s[len(s)-1].hold = 2000 * time.Millisecond
	return append(s,
		step{keys: []string{"p"}, want: "max_fields 30 · max_depth 3 · 31 lines", notWant: "counting", hold: 2500 * time.Millisecond},
		step{keys: []string{"p"}, want: "31 summary lines", hold: 1500 * time.Millisecond},
	)
}

func main() {
	out := flag.String("out", "docs", "directory for demo.cast and the pictures")
	width := flag.Int("width", 132, "terminal columns")
	height := flag.Int("height", 34, "terminal rows")
	flag.Parse()
	if err := record(*out, *width, *height); err != nil {
		fmt.Fprintln(os.Stderr, "demorecord:", err)
		os.Exit(1)
	}
}

func record(outDir string, width, height int) error {
	if _, err := exec.LookPath("tmux"); err != nil {
		return errors.New("tmux is needed (apt-get install tmux)")
	}
	tmp, err := os.MkdirTemp("", "mcpeek-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "mcpeek")
	build := exec.Command("go", "build", "-o", bin, "./cmd/mcpeek")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("building mcpeek: %w", err)
	}
	home := filepath.Join(tmp, "home") // no config anywhere: the demo server
	if err := os.Mkdir(home, 0o755); err != nil {
		return err
	}
	session := fmt.Sprintf("mcpeek-demo-%d", os.Getpid())
	socket := filepath.Join(tmp, "tmux.sock") // a server of our own
	tmux := func(args ...string) ([]byte, error) {
		return exec.Command("tmux", append([]string{"-S", socket}, args...)...).Output()
	}
	if _, err := tmux("new-session", "-d", "-s", session, "-x", fmt.Sprint(width), "-y", fmt.Sprint(height),
		"-e", "HOME="+home, "-e", "XDG_CONFIG_HOME="+home, "-e", "TERM=xterm-256color", "-e", "COLORTERM=truecolor",
		bin); err != nil {
		return fmt.Errorf("starting tmux: %w", err)
	}
	defer tmux("kill-server")

	var frames []frame
	at := 500 * time.Millisecond
	for i, st := range walk() {
		for _, k := range st.keys {
			if _, err := tmux("send-keys", "-t", session, k); err != nil {
				return fmt.Errorf("step %d: send-keys %s: %w", i, k, err)
			}
		}
		screen, err := waitScreen(func() ([]byte, error) { return tmux("capture-pane", "-p", "-t", session) },
			func() ([]byte, error) { return tmux("capture-pane", "-p", "-e", "-t", session) }, st)
		if err != nil {
			return fmt.Errorf("step %d (%v): %w", i, st.keys, err)
		}
		frames = append(frames, frame{at: at, screen: screen})
		if st.picture != "" {
			svg := renderSVG(screen, width, height)
			if err := os.WriteFile(filepath.Join(outDir, st.picture), []byte(svg), 0o644); err != nil {
				return err
			}
		}
		at += st.hold
	}
	tmux("send-keys", "-t", session, "q")
	return os.WriteFile(filepath.Join(outDir, "demo.cast"), castFile(frames, width, height, at), 0o644)
}

// waitScreen polls the screen until it shows want and not notWant, and
// returns the styled capture of that screen.
func waitScreen(plain, styled func() ([]byte, error), st step) (string, error) {
	deadline := time.Now().Add(20 * time.Second)
	var last []byte
	for time.Now().Before(deadline) {
		b, err := plain()
		if err != nil {
			return "", err
		}
		last = b
		s := string(b)
		if strings.Contains(s, st.want) && (st.notWant == "" || !strings.Contains(s, st.notWant)) {
			// Settled: the styled capture of the same screen.
			time.Sleep(50 * time.Millisecond)
			sb, err := styled()
			return strings.TrimRight(string(sb), "\n"), err
		}
		time.Sleep(20 * time.Millisecond)
	}
	return "", fmt.Errorf("the screen never showed %q; it shows:\n%s", st.want, last)
}

type frame struct {
	at     time.Duration
	screen string
}

// castFile writes an asciinema v2 recording: a header line, then one
// event per frame that clears the screen and draws it.
func castFile(frames []frame, width, height int, end time.Duration) []byte {
	var b strings.Builder
	head, _ := json.Marshal(map[string]any{
		"version": 2, "width": width, "height": height,
		"title": "mcpeek: planner preview on the demo server",
		"env":   map[string]string{"TERM": "xterm-256color"},
	})
	b.Write(head)
	b.WriteByte('\n')
	for _, f := range frames {
		data := "\x1b[0m\x1b[H\x1b[2J" + strings.ReplaceAll(f.screen, "\n", "\x1b[0m\r\n")
		ev, _ := json.Marshal([]any{seconds(f.at), "o", data})
		b.Write(ev)
		b.WriteByte('\n')
	}
	ev, _ := json.Marshal([]any{seconds(end), "o", "\x1b[0m"})
	b.Write(ev)
	b.WriteByte('\n')
	return []byte(b.String())
}

func seconds(d time.Duration) float64 { return float64(d.Milliseconds()) / 1000 }
