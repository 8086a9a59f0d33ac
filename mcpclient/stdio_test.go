package mcpclient

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

func TestSplitMessage(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		line                      string
		ok                        bool
		id, method, result, error string
	}{
		{line: `{"jsonrpc":"2.0","id":1,"result":{"a":[1,"]}",{"b":"\"}"}]}}` + "\n", ok: true,
			id: `1`, result: `{"a":[1,"]}",{"b":"\"}"}]}`},
		{line: ` { "result" : [] , "id" : "x\\" , "jsonrpc" : "2.0" } `, ok: true, id: `"x\\"`, result: `[]`},
		{line: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`, ok: true,
			method: `"notifications/tools/list_changed"`},
		{line: `{"id":"a","error":{"code":-32601,"message":"no"}}`, ok: true, id: `"a"`,
			error: `{"code":-32601,"message":"no"}`},
		{line: `{"id":null,"result":true}`, ok: true, id: `null`, result: `true`},
		{line: `{}`, ok: true},
		{line: `this is not JSON`},
		{line: `[1, 2, 3]`},
		{line: `{"jsonrpc": "2.0", "method"`},
		{line: `{"id":1,"result":{"a":1}`},
		{line: `{"id":1,"result":"unterminated}`},
		{line: `{"id":1 "result":2}`},
		{line: `{"id":1,"result":2}}`},
		{line: `{"id":,"result":2}`},
	} {
		m, ok := splitMessage([]byte(c.line))
		if !c.ok {
			if ok {
				t.Errorf("splitMessage(%q) accepted it", c.line)
			}
			continue
		}
		if !ok || string(m.id) != c.id || string(m.method) != c.method ||
			string(m.result) != c.result || string(m.err) != c.error {
			t.Errorf("splitMessage(%q) = id %q method %q result %q error %q, %v", c.line,
				m.id, m.method, m.result, m.err, ok)
		}
	}
}

func TestReadToolsPage(t *testing.T) {
	t.Parallel()
	page := `{"tools": [
		{"name":"a", "inputSchema" : {"type": "object"} , "outputSchema":null, "x":[{"y":"}"}]},
		5, null, {"description":"no name"}, {"name": 7},
		{"annotations":{"title":"Old title"},"name":"b","description":"B\u00e9","outputSchema":` + exactSchema + `},
		{"name":"c","title":"New","annotations":{"title":"Old"}}
	], "nextCursor": "p2", "_meta": {}}`
	tools, next, err := readToolsPage("s", []byte(page), nil)
	if err != nil {
		t.Fatal(err)
	}
	if next != "p2" || len(tools) != 3 {
		t.Fatalf("next %q, %d tools", next, len(tools))
	}
	a, b, c := tools[0], tools[1], tools[2]
	if a.ID().String() != "s.a" || string(a.InputSchema) != `{"type": "object"}` || a.OutputSchema != nil ||
		string(a.Raw) != `{"name":"a", "inputSchema" : {"type": "object"} , "outputSchema":null, "x":[{"y":"}"}]}` {
		t.Errorf("a = %+v", a)
	}
	if b.Title != "Old title" || b.Description != "Bé" || string(b.OutputSchema) != exactSchema || !json.Valid(b.Raw) ||
		!strings.HasPrefix(string(b.Raw), `{"annotations"`) || !strings.HasSuffix(string(b.Raw), exactSchema+`}`) {
		t.Errorf("b = %+v", b)
	}
	if c.Title != "New" {
		t.Errorf("c.Title = %q", c.Title)
	}

	// Pages add to the tools already listed; null means none.
	more, next, err := readToolsPage("s", []byte(`{"tools":[{"name":"d"}],"nextCursor":null}`), tools)
	if err != nil || next != "" || len(more) != 4 || more[3].Name != "d" {
		t.Errorf("second page: %d tools, next %q, %v", len(more), next, err)
	}
	if none, _, err := readToolsPage("s", []byte(`{"tools":null}`), nil); err != nil || len(none) != 0 {
		t.Errorf("tools null: %v, %v", none, err)
	}

	for _, bad := range []string{
		`{"tools":[{"name":"a"}]`,
		`{"tools":{"name":"a"}}`,
		`{"tools":[],"nextCursor":5}`,
		`[{"name":"a"}]`,
		`{"tools":[{"name":"a",}]}`,
		`{"tools":[]} {}`,
	} {
		if _, _, err := readToolsPage("s", []byte(bad), nil); err == nil {
			t.Errorf("readToolsPage(%s) accepted it", bad)
		}
	}
}

// The transport routes each line: replies to their callers, byte for byte,
// notifications to the handler, the server's requests to the request
// handler (answered on the same pipe); anything else is skipped.
func TestStdioTransportRoutes(t *testing.T) {
	t.Parallel()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	tr := newStdioTransport(toClient, fromClient)
	notified := make(chan string, 1)
	tr.SetNotificationHandler(func(n mcp.JSONRPCNotification) { notified <- n.Method })
	tr.SetRequestHandler(func(_ context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
		return transport.NewJSONRPCResultResponse(req.ID, json.RawMessage(`{"pong":true}`)), nil
	})
	if err := tr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	const result = `{"tools": [ {"name":"a"} ],  "x":"\"}"}`
	serverDone := make(chan error, 1)
	go func() {
		in := bufio.NewReader(toServer)
		req, err := in.ReadString('\n')
		if err != nil {
			serverDone <- err
			return
		}
		if !strings.Contains(req, `"id":"mcpeek-1"`) {
			serverDone <- fmt.Errorf("request %s", req)
			return
		}
		io.WriteString(fromServer, "a banner\n"+
			`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`+"\n"+
			`{"jsonrpc":"2.0","id":7,"method":"ping"}`+"\n"+
			`{"jsonrpc":"2.0","id":"other","result":{}}`+"\n"+
			`{"jsonrpc":"2.0","id":"mcpeek-1","result":`+result+"}\r\n")
		answer, err := in.ReadString('\n')
		if err == nil && !(strings.Contains(answer, `"id":7`) && strings.Contains(answer, `"pong":true`)) {
			err = fmt.Errorf("answer to ping: %s", answer)
		}
		serverDone <- err
	}()
	resp, err := tr.SendRequest(context.Background(), transport.JSONRPCRequest{JSONRPC: "2.0",
		ID: mcp.NewRequestId("mcpeek-1"), Method: "tools/list", Params: json.RawMessage(`{}`)})
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Result) != result || resp.Error != nil {
		t.Errorf("result %s, error %v", resp.Result, resp.Error)
	}
	if m := <-notified; m != "notifications/tools/list_changed" {
		t.Errorf("notified %q", m)
	}
	if err := <-serverDone; err != nil {
		t.Error(err)
	}

	// A request still waiting when the server's stdout ends fails as the
	// connection closing, which is how a crash is told apart.
	go func() {
		bufio.NewReader(toServer).ReadString('\n')
		fromServer.Close()
	}()
	_, err = tr.SendRequest(context.Background(), transport.JSONRPCRequest{JSONRPC: "2.0",
		ID: mcp.NewRequestId("mcpeek-2"), Method: "tools/list"})
	if !errors.Is(err, transport.ErrTransportClosed) {
		t.Errorf("after EOF: %v", err)
	}
	if err := tr.Close(); err != nil {
		t.Error(err)
	}
}

// A request of the server's is answered with its params as sent, and the
// server can withdraw it (notifications/cancelled): the handler's context
// ends.
func TestStdioTransportWithdrawnRequest(t *testing.T) {
	t.Parallel()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	tr := newStdioTransport(toClient, fromClient)
	params := make(chan string, 1)
	tr.SetRequestHandler(func(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
		params <- string(req.Params.(json.RawMessage))
		<-ctx.Done()
		return transport.NewJSONRPCErrorResponse(req.ID, -1, "withdrawn", nil), nil
	})
	if err := tr.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer tr.Close()
	go io.WriteString(fromServer, `{"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"b":1,"a":2}}`+"\n")
	if got := <-params; got != `{"b":1,"a":2}` {
		t.Errorf("params %s", got)
	}
	go io.WriteString(fromServer, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`+"\n")
	answer, err := bufio.NewReader(toServer).ReadString('\n')
	if err != nil || !strings.Contains(answer, `"id":3`) || !strings.Contains(answer, "withdrawn") {
		t.Errorf("answer %q, %v", answer, err)
	}
	fromServer.Close()
}
