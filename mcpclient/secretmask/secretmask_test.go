package secretmask

import (
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf8"

	"mcpeek/internal/testkit"
)

// maskSecret has a character for every kind of escaping: JSON (" / < é),
// URL (space + & / é), HTML (& < > "), base64 alphabets (~~~ encodes to
// fn5+, fn5- in the URL alphabet), letter case.
const maskSecret = `Tök3n/"a b"+&<x>~~~`

// TestMaskHidesEveryEncoding: each form of a secret, inside other text, is
// replaced, and the text around it kept.
func TestMaskHidesEveryEncoding(t *testing.T) {
	t.Parallel()
	m := New([]string{maskSecret, "other-secret"})
	for name, form := range testkit.SecretEncodings(maskSecret) {
		got := m.Hide("before " + form + " after")
		if got != "before *** after" {
			t.Errorf("%s: Hide(%q) = %q", name, form, got)
		}
	}
	// Inside a longer base64 text (HTTP Basic: user:secret), at each of
	// the three alignments: no run of it is left that decodes to a part
	// of the secret longer than a character or two on its edges.
	for _, user := range []string{"ab:", "abc:", "abcd:"} {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
			text := enc.EncodeToString([]byte(user + maskSecret + ":tail"))
			got := m.Hide("Basic " + text)
			if !strings.Contains(got, "***") {
				t.Errorf("Basic %s (%s): not masked: %q", user, text, got)
			}
			for _, part := range strings.Split(got, "***") {
				if len(part) > 16 {
					continue
				}
				if strings.Contains(part, "fn5") {
					t.Errorf("Basic %s: %q left a run of the secret: %q", user, text, got)
				}
			}
		}
	}
}

// TestMaskHidesWhatAReportWouldJoinOrCut: a secret split by characters the
// report's sanitiser drops, or cut at the end of a clipped value, is
// hidden too; text without a secret is left alone.
func TestMaskHidesWhatAReportWouldJoinOrCut(t *testing.T) {
	t.Parallel()
	m := New([]string{"hunter2-secret"})
	for in, want := range map[string]string{
		"x hunter2-\u200bsecret y":         "x *** y",
		"x hunter2-\x1b[31msecret y":       "x *** y",
		"x hunter2-\u202esecret y":         "x *** y",
		"a long value ending in hunt…":     "a long value ending in ***…",
		"a long value ending in aHVudGVy…": "a long value ending in ***…", // base64 of "hunter"
		"nothing to hide\u200b here":       "nothing to hide\u200b here",
		"ends with x…":                     "ends with x…",
		"":                                 "",
	} {
		if got := m.Hide(in); got != want {
			t.Errorf("Hide(%q) = %q, want %q", in, got, want)
		}
	}
	if got := (*Mask)(nil).Hide("hunter2-secret"); got != "hunter2-secret" {
		t.Errorf("a nil mask hid %q", got)
	}
	if New(nil) != nil {
		t.Error("New(nil) is not nil")
	}
	// A secret that is not UTF-8 is still hidden as it is.
	bad := New([]string{"ab\xffcd"})
	if got := bad.Hide("x ab\xffcd y"); got != "x *** y" || !utf8.ValidString(bad.Hide("ab%FFcd")) {
		t.Errorf("not UTF-8: %q", got)
	}
}

// BenchmarkMask is the cost a call of mcpeek test pays: the mask of a 40-byte
// secret made once, then a value clipped for the report hidden.
func BenchmarkMask(b *testing.B) {
	secret := "sk-live-" + strings.Repeat("0123456789abcdef", 2)
	got := `"` + strings.Repeat("x", 150) + secret + `"`
	for b.Loop() {
		New([]string{secret}).Hide(got)
	}
}

// BenchmarkNew is making the mask of one 40-byte secret (Cache keeps it).
func BenchmarkNew(b *testing.B) {
	secret := "sk-live-" + strings.Repeat("0123456789abcdef", 2)
	for b.Loop() {
		New([]string{secret})
	}
}

// BenchmarkHide is hiding it in a 190-byte text with a mask made once.
func BenchmarkHide(b *testing.B) {
	secret := "sk-live-" + strings.Repeat("0123456789abcdef", 2)
	got := `"` + strings.Repeat("x", 150) + secret + `"`
	m := New([]string{secret})
	for b.Loop() {
		m.Hide(got)
	}
}
