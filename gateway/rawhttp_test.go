package gateway

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// rawSession speaks the session era of streamable HTTP by hand, for tests
// that look at status codes and headers.
type rawSession struct {
	t      testing.TB
	url    string
	id     string // Mcp-Session-Id
	client *http.Client
	next   atomic.Int64
}

// openRawSession initializes a session on url (2025-06-18).
func openRawSession(t testing.TB, url string) *rawSession {
	t.Helper()
	s := &rawSession{t: t, url: url, client: &http.Client{}}
	res, body := s.do(http.MethodPost, initializeBody, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("initialize: %d %s", res.StatusCode, body)
	}
	s.id = res.Header.Get("Mcp-Session-Id")
	if s.id == "" {
		t.Fatal("initialize: no Mcp-Session-Id")
	}
	if res, body := s.do(http.MethodPost, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil); res.StatusCode != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %d %s", res.StatusCode, body)
	}
	return s
}

// do sends one request with the session's headers (headers may override
// them; an empty value removes one) and reads the whole answer.
func (s *rawSession) do(method, body string, headers map[string]string) (*http.Response, []byte) {
	s.t.Helper()
	res, b, err := s.send(method, body, headers)
	if err != nil {
		s.t.Fatal(err)
	}
	return res, b
}

// send is do for other goroutines than the test's: it returns errors.
func (s *rawSession) send(method, body string, headers map[string]string) (*http.Response, []byte, error) {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.url, r)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if s.id != "" {
		req.Header.Set("Mcp-Session-Id", s.id)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := s.client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, b, err
}

// callBody is a tools/call request for tool with args.
func (s *rawSession) callBody(tool string, args any) string {
	a, err := json.Marshal(args)
	if err != nil {
		s.t.Fatal(err)
	}
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, s.next.Add(1), tool, a)
}

// exec calls tool_exec and returns the HTTP status and the envelope.
func (s *rawSession) exec(req map[string]any) (int, envelope) {
	s.t.Helper()
	res, body := s.do(http.MethodPost, s.callBody(toolExec, req), nil)
	var rpc struct {
		Result struct {
			StructuredContent json.RawMessage `json:"structuredContent"`
		} `json:"result"`
	}
	var env envelope
	if res.StatusCode == http.StatusOK {
		if err := json.Unmarshal(sseData(body), &rpc); err != nil {
			s.t.Fatalf("tools/call answer: %v\n%.300s", err, body)
		}
		json.Unmarshal(rpc.Result.StructuredContent, &env)
	}
	return res.StatusCode, env
}

// sseData returns the data of the last event of an SSE body, or body
// itself when it is plain JSON.
func sseData(body []byte) []byte {
	s := string(body)
	i := strings.LastIndex(s, "\ndata: ")
	if !strings.HasPrefix(s, "event: ") || i < 0 {
		return body
	}
	s = s[i+len("\ndata: "):]
	if j := strings.IndexByte(s, '\n'); j >= 0 {
		s = s[:j]
	}
	return []byte(s)
}
