package oauth

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strconv"
)

// resourceParam adds the resource parameter (RFC 8707) to the refresh
// requests sent to tokenURL: x/oauth2 sends only grant_type and
// refresh_token, and the MCP specification wants the resource in every
// token request.
type resourceParam struct {
	base     http.RoundTripper
	tokenURL string
	resource string
}

func (t resourceParam) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method != http.MethodPost || r.URL.String() != t.tokenURL || r.Body == nil {
		return t.base.RoundTrip(r)
	}
	b, err := io.ReadAll(r.Body)
	r.Body.Close()
	if err != nil {
		return nil, err
	}
	if form, err := url.ParseQuery(string(b)); err == nil && form.Get("grant_type") == "refresh_token" && !form.Has("resource") {
		form.Set("resource", t.resource)
		b = []byte(form.Encode())
	}
	r2 := r.Clone(r.Context())
	r2.Body = io.NopCloser(bytes.NewReader(b))
	r2.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
	r2.ContentLength = int64(len(b))
	r2.Header.Set("Content-Length", strconv.Itoa(len(b)))
	return t.base.RoundTrip(r2)
}
