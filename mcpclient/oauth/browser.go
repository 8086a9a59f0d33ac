package oauth

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// OpenBrowser opens u in a web browser: with $BROWSER when it is set, else
// with the platform's opener (xdg-open, open, or the Windows URL handler).
//
// $BROWSER follows the convention of git, gh and Python's webbrowser: a
// list of commands separated by the path list separator, tried in order;
// each may have arguments, and "%s" in them is replaced by the URL (which is
// otherwise added as the last argument). The browser is started, not waited
// for. Callers print the URL too: on a machine without a browser (over SSH)
// that is how the user gets it.
func OpenBrowser(u string) error {
	var errs []error
	for _, argv := range browserCommands(os.Getenv("BROWSER"), u) {
		cmd := exec.Command(argv[0], argv[1:]...)
		if err := cmd.Start(); err != nil {
			errs = append(errs, err)
			continue
		}
		go cmd.Wait() // reap it whenever it ends
		return nil
	}
	if len(errs) == 0 {
		return errors.New("no browser to open")
	}
	return errors.Join(errs...)
}

// browserCommands returns the command lines to try for $BROWSER value env,
// or the platform's opener when env is empty.
func browserCommands(env, u string) [][]string {
	var out [][]string
	for _, entry := range strings.Split(env, string(os.PathListSeparator)) {
		fields := strings.Fields(entry)
		if len(fields) == 0 {
			continue
		}
		substituted := false
		for i, f := range fields {
			if strings.Contains(f, "%s") {
				fields[i] = strings.ReplaceAll(strings.ReplaceAll(f, "%s", u), "%%", "%")
				substituted = true
			}
		}
		if !substituted {
			fields = append(fields, u)
		}
		out = append(out, fields)
	}
	if len(out) > 0 {
		return out
	}
	switch runtime.GOOS {
	case "darwin":
		return [][]string{{"open", u}}
	case "windows":
		return [][]string{{"rundll32", "url.dll,FileProtocolHandler", u}}
	}
	return [][]string{{"xdg-open", u}, {"wslview", u}}
}
