package oauth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
)

// revokeTimeout bounds revoking a login's tokens at logout.
const revokeTimeout = 15 * time.Second

// Revocation is what Revoke did at the authorization server.
type Revocation struct {
	// Endpoint is the revocation endpoint; "" when there was nothing to
	// revoke, or the authorization server advertises none.
	Endpoint string
	// Revoked names the tokens revoked: "refresh token", "access token".
	Revoked []string
	// Err is why revoking failed.
	Err error
}

// Revoke asks the authorization server to revoke the stored refresh and
// access tokens (RFC 7009), when its metadata advertises a
// revocation_endpoint; the tokens stay stored (Logout forgets them). The
// endpoint is the one the login found, else the one the issuer's metadata
// names now (for a login stored before mcpeek kept it).
func (s *Session) Revoke(ctx context.Context) Revocation {
	s.Reload()
	rec := s.record()
	if rec == nil || rec.Token == nil || (rec.Token.AccessToken == "" && rec.Token.RefreshToken == "") {
		return Revocation{}
	}
	ctx, cancel := context.WithTimeout(ctx, revokeTimeout)
	defer cancel()
	endpoint := rec.RevocationURL
	if endpoint == "" && rec.Issuer != "" {
		endpoint = s.revocationEndpoint(ctx, rec.Issuer)
	}
	if endpoint == "" {
		return Revocation{}
	}
	r := Revocation{Endpoint: endpoint}
	if err := checkHTTPURL("revocation endpoint", endpoint); err != nil {
		r.Err = err
		return r
	}
	client := s.clientOf(rec)
	for _, t := range []struct{ value, hint, name string }{
		{rec.Token.RefreshToken, "refresh_token", "refresh token"},
		{rec.Token.AccessToken, "access_token", "access token"},
	} {
		if t.value == "" {
			continue
		}
		if err := s.revoke(ctx, endpoint, client, t.value, t.hint); err != nil {
			r.Err = fmt.Errorf("revoking the %s: %w", t.name, err)
			return r
		}
		r.Revoked = append(r.Revoked, t.name)
	}
	return r
}

// revocationEndpoint reads the issuer's metadata for its revocation
// endpoint; "" when it has none or cannot be read.
func (s *Session) revocationEndpoint(ctx context.Context, issuer string) string {
	for _, u := range metadataURLs(issuer) {
		var meta ServerMetadata
		if ok, _ := getJSON(ctx, s.hc, u, &meta); ok {
			if strings.TrimSuffix(meta.Issuer, "/") != strings.TrimSuffix(issuer, "/") {
				return ""
			}
			return meta.RevocationEndpoint
		}
	}
	return ""
}

// revoke sends one revocation request, authenticating the client as at the
// token endpoint. Any 200 is success: RFC 7009 answers 200 for a token
// that was already invalid, too.
func (s *Session) revoke(ctx context.Context, endpoint string, client *Client, token, hint string) error {
	form := url.Values{"token": {token}, "token_type_hint": {hint}}
	basic := false
	if client != nil {
		switch tokenAuthMethod(client.AuthMethod, client.Secret != "", nil) {
		case AuthClientSecretBasic:
			basic = true
		case AuthClientSecretPost:
			form.Set("client_id", client.ID)
			form.Set("client_secret", client.Secret)
		default:
			form.Set("client_id", client.ID)
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if basic {
		// RFC 6749 §2.3.1: form-encoded before the Basic encoding.
		req.SetBasicAuth(url.QueryEscape(client.ID), url.QueryEscape(client.Secret))
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	// Only the error code of the answer is shown: its description is the
	// server's free text, which might quote the token.
	var oe transport.OAuthError
	if json.Unmarshal(body, &oe) == nil && oe.ErrorCode != "" && len(oe.ErrorCode) <= 64 && !strings.Contains(oe.ErrorCode, token) {
		return fmt.Errorf("the server answered %d %s (error %q)", resp.StatusCode, http.StatusText(resp.StatusCode), oe.ErrorCode)
	}
	return fmt.Errorf("the server answered %d %s", resp.StatusCode, http.StatusText(resp.StatusCode))
}
