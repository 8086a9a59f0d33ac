package sandbox

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Unseen says why a program under p cannot see path, a file or
// directory of this machine, where it lies here ("" when it can, or when
// path is none of this machine's): the sandbox has a fresh scratch at
// /tmp and hides the homes and run directories, but for the directories
// p makes visible or writable; a sandbox of root's runs as nobody, who
// must be let in.
func (s *Sandbox) Unseen(p Policy, path string) string {
	real, err := filepath.EvalSymlinks(path)
	if err != nil || !filepath.IsAbs(real) {
		return ""
	}
	under := func(d string) bool {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			d = r
		}
		return real == d || strings.HasPrefix(real, strings.TrimSuffix(d, "/")+"/")
	}
	shown := slices.Concat(p.Visible, p.Writable, []string{p.Data})
	for _, b := range p.Binds {
		shown = append(shown, b.Dir)
	}
	if !slices.ContainsFunc(slices.DeleteFunc(shown, func(d string) bool { return d == "" }), under) {
		if under(Scratch) {
			return "the sandbox's " + Scratch + " is a fresh scratch of its own"
		}
		for _, d := range s.hidden() {
			if under(d) {
				return "the sandbox hides " + d
			}
		}
	}
	if s.root {
		if why := readableFile(real); why != "" {
			return why + " (the sandbox runs as nobody)"
		}
	}
	return ""
}

// Inside says what a program under p sees of this machine, for a user
// about to give it a path: "an empty scratch /tmp of its own, the
// system's folders read-only; /home, /root, ... hidden", with its data
// directory and the folders shown to it.
func (s *Sandbox) Inside(p Policy) string {
	out := "an empty scratch " + Scratch + " of its own, the system's folders (/usr, /etc, /opt, ...) read-only; " +
		strings.Join(s.hidden(), ", ") + " hidden"
	if p.Data != "" {
		out += "; its data directory " + p.Data + " (writable)"
	}
	for _, b := range p.Binds {
		out += "; " + b.String()
	}
	return out
}

// Warnings are the warnings for a program under p given the values in
// given (its arguments and variables, secrets left out) and run from
// dir (its package's or its command's directory, "" for none): each
// path of this machine among given that it cannot see, "the server is
// given PATH, which it cannot see: WHY", then up to three links under dir
// that lead where it cannot see ("a link of the server's files leads
// where the sandbox cannot see: LINK -> TARGET: WHY"). Such paths would
// else vanish inside in silence.
func (s *Sandbox) Warnings(p Policy, given []string, dir string) []string {
	var out []string
	for _, v := range given {
		if !filepath.IsAbs(v) {
			continue
		}
		if why := s.Unseen(p, v); why != "" {
			out = append(out, fmt.Sprintf("the server is given %s, which it cannot see: %s", v, why))
		}
	}
	if dir == "" {
		return out
	}
	for _, l := range s.UnseenLinks(p, dir, 3) {
		out = append(out, "a link of the server's files leads where the sandbox cannot see: "+l)
	}
	return out
}

// readableFile is Readable for a file or a directory: only a directory
// must also let others search it.
func readableFile(path string) string {
	fi, err := os.Stat(path)
	if err != nil || fi.IsDir() {
		return Readable(path)
	}
	if fi.Mode().Perm()&0o004 == 0 {
		return path + " is not readable by other users"
	}
	return Readable(filepath.Dir(path))
}

// UnseenLinks lists the links under dir (a package's own directory) that
// reach a place a program under p cannot see, each as "LINK -> TARGET:
// why": inside the sandbox they lead nowhere. At most limit are listed,
// the last saying how many more there are.
func (s *Sandbox) UnseenLinks(p Policy, dir string, limit int) []string {
	var out []string
	more := 0
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil
		}
		if why := s.Unseen(p, target); why != "" {
			if len(out) < limit {
				out = append(out, fmt.Sprintf("%s -> %s: %s", path, target, why))
			} else {
				more++
			}
		}
		return nil
	})
	if more > 0 {
		out = append(out, fmt.Sprintf("and %d more", more))
	}
	return out
}
