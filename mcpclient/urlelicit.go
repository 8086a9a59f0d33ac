package mcpclient

import (
	"encoding/json"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"

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
			out = append(out, Elicitation{Mode: mcp.ElicitationModeURL, Message: Sanitize(e.Message), URL: model.SanitizeLine(e.URL)})
		}
	}
	return out
}
