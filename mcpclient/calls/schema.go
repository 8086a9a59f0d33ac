package calls

import _ "embed"

// JSONSchema is the JSON Schema of the calls file (calls/schema.json), for
// editors and for tools that check the file before mcpeek reads it.
//
//go:embed schema.json
var JSONSchema []byte
