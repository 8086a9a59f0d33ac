// Package bytesize writes and reads sizes in bytes the way mcpeek's
// limits and reports word them, so that every message says "256 MiB" and
// "1.5 KiB" alike.
package bytesize

import (
	"fmt"
	"strconv"
	"strings"
)

// Limit words a limit: "256 MiB" when n is a whole number of KiB, MiB or
// GiB, else "N bytes".
func Limit(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// Human words a size for a person, rounded: "512 B", "1.5 KiB", "50.0 MiB".
func Human(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// Parse reads a size as a user gives one: "300000000", "512MiB", "1 GiB"
// (KB, MB and GB, K, M and G are read as KiB, MiB and GiB). It must be
// positive.
func Parse(s string) (int64, error) {
	text := strings.TrimSpace(s)
	unit := int64(1)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(strings.ToUpper(text), strings.ToUpper(u.suffix)) {
			text, unit = strings.TrimSpace(text[:len(text)-len(u.suffix)]), u.size
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/unit {
		return 0, fmt.Errorf("%q is not a size (a number of bytes, or with KiB, MiB or GiB)", s)
	}
	return n * unit, nil
}
