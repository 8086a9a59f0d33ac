package testkit

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// SecretEncodings are the forms of secret a tool's result may carry it in,
// by name: as it is, JSON-escaped in the ways JSON encoders write strings,
// URL-encoded, HTML-escaped, base64 in both alphabets padded and not, and
// upper- and lower-cased. Tests of what hides secrets check each one.
func SecretEncodings(secret string) map[string]string {
	q, _ := json.Marshal(secret)
	jsonEscaped := string(q[1 : len(q)-1])
	twice, _ := json.Marshal(jsonEscaped)
	var ascii strings.Builder // as Python's json.dumps and other ASCII-only encoders write it
	for _, r := range jsonEscaped {
		if r > 0x7e {
			fmt.Fprintf(&ascii, `\u%04X`, r)
		} else {
			ascii.WriteRune(r)
		}
	}
	lowerHex := strings.NewReplacer("%C3%B6", "%c3%b6", "%2F", "%2f", "%2B", "%2b", "%3C", "%3c", "%3E", "%3e").Replace(url.QueryEscape(secret))
	return map[string]string{
		"raw":                      secret,
		"json":                     jsonEscaped,
		"json without html escape": strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(jsonEscaped),
		"json ascii only":          ascii.String(),
		"json slashes escaped":     strings.ReplaceAll(jsonEscaped, "/", `\/`),
		"json twice":               string(twice[1 : len(twice)-1]),
		"url query":                url.QueryEscape(secret),
		"url path":                 url.PathEscape(secret),
		"url lower-case hex":       lowerHex,
		"url twice":                url.QueryEscape(url.QueryEscape(secret)),
		"html":                     strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(secret),
		"base64 std":               base64.StdEncoding.EncodeToString([]byte(secret)),
		"base64 std raw":           base64.RawStdEncoding.EncodeToString([]byte(secret)),
		"base64 url":               base64.URLEncoding.EncodeToString([]byte(secret)),
		"base64 url raw":           base64.RawURLEncoding.EncodeToString([]byte(secret)),
		"upper":                    strings.ToUpper(secret),
		"lower":                    strings.ToLower(secret),
	}
}
