package summarizer

import "mcpeek/model"

// The default constants.
const (
	MaxSummaryFields       = 30
	DefaultSummaryMaxDepth = 3
	DefaultInspectMaxField = 120
	DefaultInspectMaxDepth = 4
	ScanCap                = model.ScanCap
)

// Tier1Pattern is TIER_1_REGEX, the id-like field pattern, searched in a whole path.
const Tier1Pattern = `(?:^|\.|\[\]\.)(id|.*_id|name|title|status|type|url|email|price|amount|created|updated|timestamp)$`

// Options are the budget knobs of Summarize and Inspect. A zero or
// negative field means the default for that function.
type Options struct {
	MaxFields int
	MaxDepth  int
}

func (o Options) orDefaults(fields, depth int) Options {
	if o.MaxFields <= 0 {
		o.MaxFields = fields
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = depth
	}
	return o
}
