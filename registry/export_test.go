package registry

// UnpackLimited is Unpack with smaller limits, for tests.
var UnpackLimited = unpack
