package oauth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/client/transport"
)

// register registers mcpeek as a public client of the authorization server
// with dynamic client registration (RFC 7591), for the loopback redirect.
func register(ctx context.Context, hc *http.Client, endpoint, clientName, redirect string, scopes []string) (*Client, error) {
	body := map[string]any{
		"client_name":                clientName,
		"redirect_uris":              []string{redirect},
		"grant_types":                []string{"authorization_code", "refresh_token"},
		"response_types":             []string{"code"},
		"token_endpoint_auth_method": "none",
	}
	if len(scopes) > 0 {
		body["scope"] = strings.Join(scopes, " ")
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("client registration: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("client registration: %w", err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxMetadataBytes))
	if err != nil {
		return nil, fmt.Errorf("client registration: %w", err)
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		var oe transport.OAuthError
		if json.Unmarshal(data, &oe) == nil && oe.ErrorCode != "" {
			return nil, fmt.Errorf("client registration refused (%d): %w", resp.StatusCode, oe)
		}
		return nil, fmt.Errorf("client registration refused: %s", resp.Status)
	}
	var got struct {
		ClientID                string `json:"client_id"`
		ClientSecret            string `json:"client_secret"`
		TokenEndpointAuthMethod string `json:"token_endpoint_auth_method"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		return nil, fmt.Errorf("client registration: the answer does not decode: %w", err)
	}
	if got.ClientID == "" {
		return nil, errors.New("client registration: the answer has no client_id")
	}
	return &Client{
		ID:          got.ClientID,
		Secret:      got.ClientSecret,
		AuthMethod:  got.TokenEndpointAuthMethod,
		RedirectURI: redirect,
		Registered:  true,
	}, nil
}
