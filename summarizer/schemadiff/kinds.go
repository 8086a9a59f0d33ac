package schemadiff

// KindDoc says what a kind of change is and what to do about it, for
// reports that explain their findings (SARIF rules); docs/diff.md holds
// the same table.
type KindDoc struct {
	Kind Kind
	// When says what the change is, in one line.
	When string
	// Fix says what a server's author can do about it.
	Fix string
}

const (
	fixRestore  = "If callers must keep working, restore it, or ship the change as a new tool (or a new major version) and tell the teams that depend on it."
	fixNone     = "Nothing breaks; review it, then update the lock file (mcpeek snapshot)."
	fixReadable = "Make both versions valid JSON Schema (mcpeek inspect shows where the reader stops)."
	fixReview   = "Nothing breaks for code; read the text before and after (an agent may behave otherwise, and words are where instructions hide), then update the lock file."
	fixUnknown  = "Decide by hand whether callers that worked still do, then update the lock file."
)

// Kinds lists every kind of change, in docs/diff.md's order.
func Kinds() []KindDoc {
	return []KindDoc{
		{ToolRemoved, "a tool is no longer listed: its callers fail", fixRestore},
		{ToolRenamed, "a tool was renamed (the same schemas under a new name): callers of the old name fail", "Keep the old name as an alias until callers move, or revert the rename."},
		{ToolAdded, "a new tool: a model reads its name and description to choose it", fixReview},
		{TitleChanged, "the tool's title changed", fixReview},
		{DescriptionChanged, "the tool's description changed: what a model reads to choose it", fixReview},
		{AnnotationsChanged, "the tool's annotations changed (readOnlyHint, destructiveHint, ...)", fixReview},
		{MetaChanged, "the tool's _meta changed (vendor data such as openai/outputTemplate)", fixNone},
		{OutputSchemaRemoved, "the tool no longer declares an output schema: callers lose structuredContent's shape", fixRestore},
		{OutputSchemaAdded, "the tool now declares an output schema", fixNone},
		{SchemaUnreadable, "a schema changed and one version cannot be read as JSON Schema", fixReadable},
		{DefinitionChanged, "the definition's text changed where its meaning did not (a $ref written otherwise, a constraint in a definition no $ref uses)", fixReview},
		{IconsChanged, "the tool's icons changed: what a client shows to choose it", fixReview},
		{ExecutionChanged, "the tool's execution changed (taskSupport: breaking when a way of calling it that worked is refused)", "Keep accepting plain calls (taskSupport optional) while callers move."},
		{MemberChanged, "a member of the tool the protocol does not define changed: what clients do with it cannot be told", fixReview},
		{SchemaWordsChanged, "a schema's words changed (a title, a $comment, deprecated, readOnly, content...): what a model reads to fill the arguments", fixReview},
		{ExamplesChanged, "a schema's examples changed: a model copies them when it fills the arguments", fixReview},
		{DefaultChanged, "a schema's default changed: what a model (and some clients) assume when a value is left out", fixReview},
		{ExtensionChanged, "a keyword validators ignore changed (x-..., an unknown keyword): only a model reads it", fixReview},
		{InputConstraintTightened, "an input constraint accepts less (a minimum raised, a maxLength lowered, uniqueItems made true): callers that send what it refuses are refused", "Keep the old bound, or tell callers."},
		{InputConstraintLoosened, "an input constraint accepts more", fixNone},
		{OutputConstraintLoosened, "an output constraint allows more: callers may read values they were promised they would not", "Keep the old bound, or tell the callers that rely on it."},
		{OutputConstraintTightened, "an output constraint allows less", fixNone},
		{ConstraintChanged, "a constraint changed in a way the diff cannot order (a pattern, a format, multipleOf): it may accept more or less", fixUnknown},
		{KeywordNotCompared, "a keyword the diff does not compare by meaning changed (not, if/then/else, contains, prefixItems, ...)", fixUnknown},
		{AlternativesRestructured, "the alternatives of an anyOf or oneOf were added, removed or moved: the diff pairs them by type and cannot be sure", fixUnknown},
		{RefUnresolvable, "a $ref that does not resolve in its schema changed: what it points to cannot be compared", "Make the $ref point into the schema ($defs), or review the schema it names."},
		{InputRequiredAdded, "a new input property is required: callers that do not send it are refused", "Make the new property optional, with a default."},
		{InputAdded, "a new optional input property", fixNone},
		{InputRequired, "an input property became required: callers that do not send it are refused", "Keep it optional, with a default."},
		{InputOptional, "an input property became optional", fixNone},
		{InputRemoved, "an input property was removed (breaking when the object is closed: callers that send it are refused)", "Keep accepting the property (ignore it if it no longer matters)."},
		{InputClosed, "an input object no longer allows other properties: callers that send extra ones are refused", "Leave additionalProperties open, or list every property callers send."},
		{InputOpened, "an input object now allows other properties", fixNone},
		{InputTypeNarrowed, "an input accepts fewer types than before: callers that send the others are refused", "Accept the old types too (a union), or convert them."},
		{InputTypeWidened, "an input accepts more types than before", fixNone},
		{InputTypeChanged, "an input takes another type: callers that send the old one are refused", "Accept the old type too (a union), or add a new property for the new type."},
		{InputNullRemoved, "an input no longer accepts null: callers that send it are refused", "Keep null among the accepted values."},
		{InputNullAdded, "an input now accepts null", fixNone},
		{InputEnumNarrowed, "an input accepts fewer values than before: callers that send the others are refused", "Keep accepting the removed values."},
		{InputEnumWidened, "an input accepts more values than before", fixNone},
		{InputDescription, "an input field's description changed", fixReview},
		{OutputRemoved, "an output field was removed: callers that read it break", "Keep returning the field (deprecate it in its description first)."},
		{OutputAdded, "a new output field", fixNone},
		{OutputOptional, "an output field is no longer always present: callers may not find it", "Keep it required, or tell callers to handle it missing."},
		{OutputRequired, "an output field is now always present", fixNone},
		{OutputNullable, "an output field may now be null: callers that read it may break", "Keep it non-null (leave it out, or use a default), or tell callers."},
		{OutputNotNullable, "an output field is no longer null", fixNone},
		{OutputTypeChanged, "an output field may hold a type it did not: callers that read it may break", "Keep the old type, or return the new value in a new field."},
		{OutputTypeNarrowed, "an output field holds fewer types than before", fixNone},
		{OutputEnumWidened, "an output field may hold values it did not: callers that handle every value should handle these", "Tell the callers that switch over the values."},
		{OutputEnumNarrowed, "an output field holds fewer values than before", fixNone},
		{OutputDescription, "an output field's description changed", fixReview},
		{CapabilityRemoved, "the server no longer declares a capability (prompts, resources, ...): clients that use it fail", "Keep declaring and serving it."},
		{CapabilityAdded, "the server declares a new capability", fixNone},
		{ProtocolChanged, "the protocol version agreed on changed (unknown when the era changed)", fixUnknown},
		{PromptRemoved, "a prompt is no longer listed: its users fail", fixRestore},
		{PromptAdded, "a new prompt: a model may read its description", fixReview},
		{PromptArgumentRemoved, "a prompt's argument was removed: callers that pass it may be refused", "Keep accepting it."},
		{PromptArgumentAdded, "a prompt's argument was added (breaking when required)", "Make the new argument optional."},
		{PromptArgumentRequired, "a prompt's argument became required", "Keep it optional."},
		{PromptArgumentOptional, "a prompt's argument became optional", fixNone},
		{TemplateRemoved, "a resource template is no longer listed: its users fail", fixRestore},
		{TemplateAdded, "a new resource template: a model may read its description", fixReview},
		{TemplateURIChanged, "a resource template's URI template changed: reads of the old URIs may fail", "Keep serving the old URIs."},
		{EntryWordsChanged, "a prompt's or resource template's words changed (title, description, an argument's, icons, annotations)", fixReview},
		{EntryMemberChanged, "a member of a prompt or resource template changed that the diff cannot judge (a MIME type, a member the protocol does not define)", fixUnknown},
	}
}
