package main

import (
	"mcpeek/mcpclient/servertext"
	"mcpeek/model"
)

// The entries of `servers --json` and `tools --json`, as the tests read
// them back, and the era of the protocol versions before 2026-07-28.
type (
	serverJSON = servertext.ServerJSON
	toolJSON   = servertext.Tool
)

const eraLegacy = model.EraLegacy
