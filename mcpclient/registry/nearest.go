package registry

import (
	"context"
	"strings"

	"mcpeek/internal/similar"
)

// Nearest lists up to n names of the registry that look like name, which
// it does not have (a typo): the servers of name's namespace (the part
// before "/") first, else those whose name holds the first letters of its
// last part, ranked by similar.Closest. A registry that cannot be asked
// gives none.
func (b *Browser) Nearest(ctx context.Context, name string, n int) []string {
	namespace, short, _ := strings.Cut(name, "/")
	queries := []string{namespace}
	if r := []rune(short); len(r) >= 4 {
		queries = append(queries, string(r[:4]))
	}
	for _, q := range queries {
		if q == "" {
			continue
		}
		res, err := b.Search(ctx, q)
		if err != nil || len(res.Entries) == 0 {
			continue
		}
		names := make([]string, 0, len(res.Entries))
		for _, e := range res.Entries {
			names = append(names, e.Server.Name)
		}
		if near := similar.Closest(ctx, name, names, n); len(near) > 0 {
			return near
		}
	}
	return nil
}
