package mcpclient

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"mcpeek/mcpclient/oauth"
	"mcpeek/model"
)

// URLElicitations reads the url-mode elicitations a server's refusal asks
// the user to complete first (error -32042, URL elicitation required): the
// pages to open before calling again. None for any other error.
func URLElicitations(err error) []Elicitation {
	var rpc *RPCError
	if !errors.As(err, &rpc) || rpc.Code != mcp.URL_ELICITATION_REQUIRED {
		return nil
	}
	var data struct {
		Elicitations []struct {
			Message string `json:"message"`
			URL     string `json:"url"`
		} `json:"elicitations"`
	}
	_ = json.Unmarshal(rpc.Data, &data)
	var out []Elicitation
	for _, e := range data.Elicitations {
		if e.URL != "" {
			out = append(out, Elicitation{Mode: mcp.ElicitationModeURL, Message: Sanitize(e.Message)}.withURL(e.URL))
		}
	}
	return out
}

// withURL is e with the page sent, sanitised in URL and kept as sent for
// CheckURL.
func (e Elicitation) withURL(sent string) Elicitation {
	e.URL, e.sentURL = model.SanitizeLine(sent), ""
	if e.URL != sent {
		e.sentURL = sent
	}
	return e
}

// CheckURL says why e's page must not be opened in a browser, or nil when
// it may be. The check sees the URL as the server sent it, not the one
// sanitised for showing: a URL that holds what sanitising removes (a BiDi
// override that makes https://exam\u202eple.com read as
// https://example.com, an escape sequence, an invisible character) is
// refused, never opened as its cleaned form.
func (e Elicitation) CheckURL() error {
	return CheckPageURL(cmp.Or(e.sentURL, e.URL))
}

// CheckPageURL says why sent, a URL a server sent to be opened, must not
// be handed to a browser, or nil when it may be: it must pass
// oauth.CheckBrowserURL and be shown as it is.
func CheckPageURL(sent string) error {
	if err := oauth.CheckBrowserURL(sent); err != nil {
		return err
	}
	shown := model.SanitizeLine(sent)
	if shown == sent {
		return nil
	}
	// What passed CheckBrowserURL is shown with characters removed, never
	// replaced: the first that differs is one of them.
	s, w := []rune(sent), []rune(shown)
	i := 0
	for i < len(w) && s[i] == w[i] {
		i++
	}
	return fmt.Errorf("it holds %q, which is not shown", s[i])
}
