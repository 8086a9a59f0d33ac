package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"mcpeek/internal/atomicfile"
	"mcpeek/mcpclient"
	"mcpeek/model"
)

// AddTo is where `mcpeek add` writes a server: the client whose config
// holds it, its project's file rather than the user's, and whether a
// secret is written in clear.
type AddTo struct {
	Client       string
	Project      bool
	WriteSecrets bool
}

// SecretReferences puts a reference in values for each secret input of
// e (the environment variable of its name, in capitals), unless
// writeSecrets:
// a secret is never written in clear unless asked, and a value given for
// one is not used either (warn says so). It returns the environment
// names that stand for secrets.
func SecretReferences(e Entry, values map[string]string, writeSecrets bool, warn func(string)) map[string]bool {
	secrets := map[string]bool{}
	if writeSecrets {
		return secrets
	}
	for _, n := range e.Secrets() {
		if _, given := values[n.Key]; given && warn != nil {
			warn(fmt.Sprintf("the value given for %s is a secret: it is written as a reference (--write-secrets writes it)", n.Label))
		}
		env := EnvName(n.Key)
		values[n.Key], secrets[env] = "${"+env+"}", true
	}
	return secrets
}

// AddPlan is the change adding a server makes to a client's config: the
// new file written beside the old and checked, ready to be renamed over
// it. A config that is a symbolic link is written through: Target is the
// file it names, where the new file and the backup are made.
type AddPlan struct {
	// Server is the name the config gives the server; Path the config
	// file, Target the file it links to (Path when it is no link).
	Server, Path, Target string
	// Old is the file as it was, Diff the change to it, Notes what the
	// client's writer says of the entry.
	Old   []byte
	Diff  string
	Notes []string
	tmp   string
}

// ShownPath names the file written: the client's path, and the file it
// links to when it is a link.
func (p AddPlan) ShownPath() string {
	if p.Target != p.Path {
		return p.Path + " (a link to " + p.Target + ")"
	}
	return p.Path
}

// PlanAdd makes e's entry for to.Client from values (the secrets
// already references, see SecretReferences), and the new config file
// beside the old, read back with mcpeek's own reader. name is the server asked for: the
// entry must be its, and the config names the server by name's last
// part, never by what else the registry answers.
func PlanAdd(name string, e Entry, to AddTo, values map[string]string, secrets map[string]bool) (AddPlan, error) {
	if err := CheckAnswer(name, e); err != nil {
		return AddPlan{}, fmt.Errorf("%w: nothing written", err)
	}
	// Inherited environment variables are the client's to give, not ours.
	sc, l, _, err := ServerConfig(e, values, NoEnv)
	if err != nil {
		return AddPlan{}, err
	}
	sc.Name = ShortName(name)
	if l != nil && l.Kind == "mcpb" {
		return AddPlan{}, fmt.Errorf("%s is an MCPB bundle: a client's config holds a command, which the bundle has only once downloaded and unpacked; open the bundle (%s) in a client that installs bundles (Claude Desktop), or add it by hand", name, model.SanitizeLine(l.Identifier))
	}
	cwd, err := os.Getwd()
	if err != nil {
		return AddPlan{}, err
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return AddPlan{}, err
	}
	path, err := mcpclient.ClientFile(to.Client, to.Project, cwd, home)
	if err != nil {
		return AddPlan{}, fmt.Errorf("%v", err)
	}
	target, err := atomicfile.Target(path)
	if err != nil {
		return AddPlan{}, err
	}
	old, err := os.ReadFile(target)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return AddPlan{}, err
	}
	updated, notes, err := mcpclient.AddServer(to.Client, sc, l != nil, secrets, old)
	if err != nil {
		return AddPlan{}, fmt.Errorf("%s: %w", path, err)
	}
	diff := mcpclient.LineDiff(string(old), string(updated))
	if to.WriteSecrets { // written as asked, but not shown
		for _, n := range e.Secrets() {
			if v := values[n.Key]; len(v) >= 4 {
				diff = strings.ReplaceAll(diff, v, "***")
			}
		}
	}
	tmp, err := mcpclient.CheckedTemp(target, filepath.Ext(path), updated, sc.Name)
	if err != nil {
		return AddPlan{}, err
	}
	return AddPlan{Server: sc.Name, Path: path, Target: target, Old: old, Diff: diff, Notes: notes, tmp: tmp}, nil
}

// Write puts the new file in place, the old one kept as FILE.bak, both
// where the config really is.
func (p AddPlan) Write() error {
	if len(p.Old) > 0 {
		if err := atomicfile.Write(p.Target+".bak", p.Old, 0o600); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
	}
	return os.Rename(p.tmp, p.Target)
}

// Discard removes the new file when it was not put in place.
func (p AddPlan) Discard() { os.Remove(p.tmp) }

// NoEnv is an environment with nothing set: the one add fills inputs
// from, since the client, not mcpeek, starts the server.
func NoEnv(string) (string, bool) { return "", false }
