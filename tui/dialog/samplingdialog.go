package dialog

import (
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"mcpeek/mcpclient"
	"mcpeek/model"
	"mcpeek/model/fieldpath"
	"mcpeek/tui/callform"
	"mcpeek/tui/kit"
	"mcpeek/tui/uitext"
)

// Sampling shows a server's sampling request (the conversation, the
// system prompt, the token limit, the model preferences) and lets the user
// approve it with a reply of their own, or decline it: esc declines, and
// so does leaving the reply empty.
type Sampling struct {
	req     *mcpclient.PendingSampling
	ask     mcpclient.SamplingRequest // req.Ask
	about   []string                  // the request, as lines
	form    *callform.Form
	refused string
	leaving escGuard // esc asked before it drops the reply typed
	sized   [2]int
}

var replyField = []callform.Field{{Path: fieldpath.Root(fieldpath.Input).Prop("reply"), Title: "Your reply", Kind: callform.KindText,
	Desc: "What the server gets as the model's answer."}}

// NewSampling is the dialog answering req, its reply drawn with look.
func NewSampling(req *mcpclient.PendingSampling, look callform.Look) *Sampling {
	d := &Sampling{req: req, ask: req.Ask, about: samplingLines(req.Ask)}
	d.form = callform.New(callform.Spec{Fields: replyField, Title: "Send this reply as the model's answer", Label: "Approve",
		Check: d.approveError, Look: look}, []string{""})
	d.form.MarkErrors(nil)
	return d
}

// samplingLines describe the request.
func samplingLines(r mcpclient.SamplingRequest) []string {
	var lines []string
	if r.SystemPrompt != "" {
		lines = append(lines, "system: "+r.SystemPrompt)
	}
	for _, m := range r.Messages {
		lines = append(lines, model.SanitizeLine(m.Role)+": "+m.Text)
	}
	var params struct {
		Prefs *struct {
			Hints []struct {
				Name string `json:"name"`
			} `json:"hints"`
			Cost         *float64 `json:"costPriority"`
			Speed        *float64 `json:"speedPriority"`
			Intelligence *float64 `json:"intelligencePriority"`
		} `json:"modelPreferences"`
	}
	limits := []string{fmt.Sprintf("max tokens %d", r.MaxTokens)}
	if json.Unmarshal(r.Params, &params) == nil && params.Prefs != nil {
		p := params.Prefs
		var hints []string
		for _, h := range p.Hints {
			hints = append(hints, model.SanitizeLine(h.Name))
		}
		if len(hints) > 0 {
			limits = append(limits, "models "+strings.Join(hints, ", "))
		}
		for _, pr := range []struct {
			name string
			v    *float64
		}{{"cost", p.Cost}, {"speed", p.Speed}, {"intelligence", p.Intelligence}} {
			if pr.v != nil {
				limits = append(limits, fmt.Sprintf("%s %.2g", pr.name, *pr.v))
			}
		}
	}
	return append(lines, strings.Join(limits, " · "))
}

// Answers reports whether the dialog answers the request ev ends.
func (d *Sampling) Answers(ev mcpclient.Event) bool { return ev.Sampling == d.req }

// Started is the command that starts the form (its cursor's blink).
func (d *Sampling) Started() tea.Cmd { return d.form.Started() }

func (d *Sampling) approveError() error {
	if strings.TrimSpace(d.form.Values()[0]) == "" {
		return callform.Refusal{Field: 0, Text: "type a reply to approve, or esc to decline"}
	}
	return nil
}

func (d *Sampling) answer(a mcpclient.SamplingReply) kit.Action {
	d.req.Answer(a)
	return kit.CloseDialog{}
}

// Key declines on esc or the decline key; any other goes to the reply.
func (d *Sampling) Key(msg tea.KeyPressMsg, k *kit.KeyMap) kit.Action {
	if key.Matches(msg, k.Cancel) && d.leaving.esc(d.form.Changed()) {
		return nil
	}
	d.leaving.pending = false
	if key.Matches(msg, k.Cancel) || key.Matches(msg, k.Decline) {
		return d.answer(mcpclient.SamplingReply{Decline: true})
	}
	return d.after(d.form.Key(msg, FormKeys(k)))
}

// after is what the dialog asks for after the form took a message: the
// reply once the form completed, else the form's commands.
func (d *Sampling) after(cmd tea.Cmd) kit.Action {
	switch {
	case d.form.Done():
		return d.answer(mcpclient.SamplingReply{Text: d.form.Values()[0]})
	case d.form.Aborted():
		return d.answer(mcpclient.SamplingReply{Decline: true})
	}
	d.refused = ""
	if err := d.form.Refused(); err != nil {
		d.refused = err.Error()
	}
	return cmd
}

// Update takes a message other than a key for the form: a paste, what
// the form's commands sent back.
func (d *Sampling) Update(msg tea.Msg) kit.Action { return d.after(d.form.Update(msg)) }

// maxAboutLines bounds the lines the request takes above the reply.
const maxAboutLines = 12

// Render draws the request over the reply.
func (d *Sampling) Render(s *kit.Styles, width, height int) string {
	head := []string{s.Title.Render(model.SanitizeLine(d.ask.Server) + " asks for a model's reply")}
	_, inner := callform.Width(s.Dialog, width)
	var about []string
	for _, l := range d.about {
		for _, para := range strings.Split(l, "\n") {
			about = append(about, uitext.Wrap(para, inner)...)
		}
	}
	room := min(maxAboutLines, max(height/2-2, 2))
	if len(about) > room {
		about = append(about[:room-1], fmt.Sprintf("… %d more lines", len(about)-room+1))
	}
	head = append(head, about...)
	if d.refused != "" {
		head = append(head, s.StatusErr.Render(d.refused))
	}
	if d.leaving.pending {
		head = append(head, s.StatusErr.Render("esc again declines and drops your reply; any other key goes on"))
	}
	return callform.Box(s.Dialog, width, height, head, d.form, &d.sized)
}

// Help is the reply's keys.
func (d *Sampling) Help(k *kit.KeyMap) []key.Binding {
	submit := k.FormSubmit
	submit.SetHelp("ctrl+s", "approve")
	return []key.Binding{submit, k.FormNext, k.EscDecline}
}
