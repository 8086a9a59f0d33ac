package main

import (
	"errors"
	"os"
	"runtime"
)

// env is what a command reads of the environment it runs in: variables
// such as HOME, XDG_CONFIG_HOME or BROWSER, and the home directory found
// from them. The zero env is the process's own; a test gives each command
// an env of its own instead of setting the process's variables, so that
// tests run side by side.
type env struct {
	// lookup finds a variable; nil means os.LookupEnv.
	lookup func(key string) (string, bool)
}

// lookupVar finds a variable, as os.LookupEnv does.
func (e env) lookupVar(key string) (string, bool) {
	if e.lookup == nil {
		return os.LookupEnv(key)
	}
	return e.lookup(key)
}

// get is a variable's value, "" when it is not set.
func (e env) get(key string) string {
	v, _ := e.lookupVar(key)
	return v
}

// home is the user's home directory, found as os.UserHomeDir finds it.
func (e env) home() (string, error) {
	if e.lookup == nil {
		return os.UserHomeDir()
	}
	key := "HOME"
	switch runtime.GOOS {
	case "windows":
		key = "USERPROFILE"
	case "plan9":
		key = "home"
	}
	if v := e.get(key); v != "" {
		return v, nil
	}
	return "", errors.New("$" + key + " is not defined")
}
