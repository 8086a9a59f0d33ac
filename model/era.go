package model

// ModernProtocol is the first protocol version of the sessionless era:
// from 2026-07-28 every request carries its version and capabilities, and
// the versions before it keep a session from the initialize handshake.
const ModernProtocol = "2026-07-28"

// The protocol eras, as `servers` and the explorer name them.
const (
	EraModern = ModernProtocol
	EraLegacy = "2025-11-25 or older"
)

// EraOf is the era of a negotiated protocol version (versions are dates,
// so they compare as strings), "" when none was negotiated.
func EraOf(version string) string {
	switch {
	case version == "":
		return ""
	case version >= ModernProtocol:
		return EraModern
	}
	return EraLegacy
}
