// Package callform is the form built from a JSON schema that the
// explorer's call form and its prompts (an elicitation, a sampling reply)
// show: the fields read from an input schema or an elicitation's
// requested schema, a huh form over them that moves its own focus and
// submits within the key that asks, the argument object built from the
// fields' texts and read back into them, the validator's errors laid on
// their fields, and the editor that edits the whole object as JSON.
//
// It knows nothing of the explorer: the explorer hands in the fields,
// its key bindings (Keys), how it is drawn (Look) and its dialog frame,
// and reads back the texts, the refusal and whether the form completed.
package callform
