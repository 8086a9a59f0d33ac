package dialog

import (
	"mcpeek/tui/callform"
	"mcpeek/tui/kit"
)

// FormKeys are a form's keys (the call form's, an elicitation's, a
// sampling reply's) from the key map.
func FormKeys(k *kit.KeyMap) callform.Keys {
	return callform.Keys{Submit: k.FormSubmit, Accept: k.Accept, Next: k.FormNext, Prev: k.FormPrev}
}
