package gateway

import (
	"context"
	"testing"

	"mcpeek/mcpclient"
)

// BenchmarkOffers reads a resource and gets a prompt of an in-process
// upstream directly and through an in-process gateway: what the gateway
// adds to each.
//
//	go test -run '^$' -bench BenchmarkOffers -benchtime 2000x ./gateway/
func BenchmarkOffers(b *testing.B) {
	srv := offerServer("a")
	direct, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("a", srv))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if err := direct.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer direct.Close()
	g, err := New(direct, Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer g.Close()
	via, err := mcpclient.NewManager(mcpclient.Config{}, mcpclient.WithInProcess("gw", g.MCPServer()))
	if err != nil {
		b.Fatal(err)
	}
	if err := via.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer via.Close()
	if _, err := via.ListPrompts(ctx, "gw"); err != nil { // waits for the first listing
		b.Fatal(err)
	}
	args := map[string]string{"who": "Ada"}
	for _, c := range []struct {
		name string
		do   func() error
	}{
		{"read/direct", func() error { _, err := direct.ReadResource(ctx, "a", "test://doc"); return err }},
		{"read/gateway", func() error { _, err := via.ReadResource(ctx, "gw", "mcpeek://a/test://doc"); return err }},
		{"read-template/direct", func() error { _, err := direct.ReadResource(ctx, "a", "test://item/7"); return err }},
		{"read-template/gateway", func() error { _, err := via.ReadResource(ctx, "gw", "mcpeek://a/test://item/7"); return err }},
		{"prompt/direct", func() error { _, err := direct.GetPrompt(ctx, "a", "greet", args); return err }},
		{"prompt/gateway", func() error { _, err := via.GetPrompt(ctx, "gw", "a.greet", args); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.do(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
