package registry_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"mcpeek/internal/registrytest"
	"mcpeek/mcpclient/registry"
)

// bigRegistry serves n servers, each an npm package with an argument and
// an environment variable, as registry entries commonly are.
func bigRegistry(b *testing.B, n int) *registrytest.Registry {
	reg := registrytest.New(b)
	for i := range n {
		reg.Add(b, fmt.Appendf(nil, `{"name":"io.example/s%05d","description":"server number %d, which does things","version":"1.0.%d",
			"repository":{"url":"https://github.com/example/s%d","source":"github"},
			"packages":[{"registryType":"npm","identifier":"@example/s%d","version":"1.0.%d","transport":{"type":"stdio"},
			"packageArguments":[{"type":"positional","valueHint":"dir","isRequired":true}],
			"environmentVariables":[{"name":"API_KEY","isSecret":true,"isRequired":true}]}]}`, i, i, i, i, i, i), t0)
	}
	return reg
}

// BenchmarkSearchFromRegistry lists 10,000 servers (100 pages) from a
// local registry and writes the cache.
func BenchmarkSearchFromRegistry(b *testing.B) {
	reg := bigRegistry(b, 10_000)
	for b.Loop() {
		br := &registry.Browser{Client: mustClient(b, reg.URL), Cache: registry.OpenCache(b.TempDir())}
		if r, err := br.Search(context.Background(), ""); err != nil || len(r.Entries) != 10_000 {
			b.Fatal(len(r.Entries), err)
		}
	}
}

// BenchmarkSearchFromCache answers the same search of 10,000 servers from
// the cache, as --offline and a search within --max-age do.
func BenchmarkSearchFromCache(b *testing.B) {
	reg := bigRegistry(b, 10_000)
	br := &registry.Browser{Client: mustClient(b, reg.URL), Cache: registry.OpenCache(b.TempDir()), MaxAge: time.Hour}
	if _, err := br.Search(context.Background(), ""); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if r, err := br.Search(context.Background(), ""); err != nil || !r.FromCache {
			b.Fatal(err)
		}
	}
}

func mustClient(b *testing.B, url string) *registry.Client {
	c, err := registry.NewClient(url, nil)
	if err != nil {
		b.Fatal(err)
	}
	return c
}
