package mcpclient

import "mcpeek/model"

// Sanitize makes server text safe for a terminal; it is model.Sanitize,
// named here because the client applies it to every message it stores
// (stderr lines, errors) before anything displays them.
func Sanitize(s string) string { return model.Sanitize(s) }
