package testkit

import "os"

// A test binary can play a helper process, such as a stdio MCP server,
// for its own tests: a test starts the binary again with an environment
// variable naming the role, and TestMain, seeing it, plays that role and
// exits instead of running tests:
//
//	func TestMain(m *testing.M) {
//		if mode := testkit.HelperMode(helperEnv); mode != "" {
//			os.Exit(runHelper(mode))
//		}
//		...
//	}

// HelperMode is the role this process was started to play: the value of
// the variable env, empty in an ordinary test run.
func HelperMode(env string) string { return os.Getenv(env) }

// HelperCommand is how to start this test binary again as the helper of
// mode: its own path, arguments that select no test, and env set to mode.
func HelperCommand(env, mode string) (command string, args []string, environ map[string]string) {
	return os.Args[0], []string{"-test.run=^$"}, map[string]string{env: mode}
}
