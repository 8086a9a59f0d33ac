package oauth

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"unicode"
)

// CheckBrowserURL says why u must not be handed to a browser, or nil when
// it may be. Only an absolute http or https URL with a host is opened (not
// javascript:, file:, data: or an application's scheme, which run code or
// read files), never a value that starts with "-" (a browser or opener
// would take it for an option), nor one holding a space, a control or an
// invisible formatting character (a shell script in $BROWSER would split
// it; the others hide what the URL says). Every URL that reaches a browser
// passes here: the login's endpoints as they are discovered, and
// OpenBrowser itself, whoever calls it.
func CheckBrowserURL(u string) error {
	if strings.HasPrefix(u, "-") {
		return errors.New("it starts with \"-\", which a browser takes for an option")
	}
	if i := strings.IndexFunc(u, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar
	}); i >= 0 {
		return fmt.Errorf("it holds %q, which no URL to open may hold", []rune(u[i:])[0])
	}
	p, err := url.Parse(u)
	switch {
	case err != nil:
		return errors.New("it is not a URL")
	case p.Scheme != "http" && p.Scheme != "https":
		if p.Scheme == "" {
			return errors.New("it is not an absolute http(s) URL")
		}
		return fmt.Errorf("only http and https URLs are opened, not %s:", p.Scheme)
	case p.Host == "":
		return errors.New("it names no host")
	}
	return nil
}

// OpenBrowser opens u in a web browser: with $BROWSER when it is set, else
// with the platform's opener (xdg-open, open, or the Windows URL handler).
//
// $BROWSER follows the convention of git, gh and Python's webbrowser: a
// list of commands separated by the path list separator, tried in order;
// each may have arguments, and "%s" in them is replaced by the URL (which is
// otherwise added as the last argument). The browser is started, not waited
// for. Callers print the URL too: on a machine without a browser (over SSH)
// that is how the user gets it. A URL CheckBrowserURL refuses is not
// opened: the error says why.
func OpenBrowser(u string) error {
	if err := CheckBrowserURL(u); err != nil {
		return fmt.Errorf("not opened: %w", err)
	}
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
