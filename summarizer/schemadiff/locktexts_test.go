package schemadiff

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestReadLockTextsSkipsWhatIsNoFile: the files are read in the order
// given, with their text; a server's name and a folder are skipped; a
// file over the limit is an error.
func TestReadLockTextsSkipsWhatIsNoFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	b, _ := Snapshot{}.Encode()
	newer, older := filepath.Join(dir, "new.lock.json"), filepath.Join(dir, "old.lock.json")
	os.WriteFile(newer, b, 0o644)
	os.WriteFile(older, b, 0o644)
	texts, err := ReadLockTexts(0, newer, "demo", dir, older)
	if err != nil || len(texts) != 2 || texts[0].Path != newer || texts[1].Path != older || string(texts[0].Text) != string(b) {
		t.Fatalf("ReadLockTexts = %+v, %v", texts, err)
	}
	var tooLarge *FileTooLargeError
	if _, err := ReadLockTexts(int64(len(b))-1, newer); !errors.As(err, &tooLarge) {
		t.Errorf("over the limit: %v, want FileTooLargeError", err)
	}
}
