package oauth

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mcpeek/internal/atomicfile"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/zalando/go-keyring"
	"golang.org/x/oauth2"
)

// Record is what is kept for one server: its token and the client it was
// obtained with. Every field but the token's and the client's secrets may be
// shown (mcpeek auth status).
type Record struct {
	// Token is the last token; its access and refresh tokens are secrets.
	Token *oauth2.Token `json:"token,omitempty"`
	// Scopes are the scopes asked for, and granted when the server said.
	Scopes []string `json:"scopes,omitempty"`
	// Client is the client the token was obtained with.
	Client *Client `json:"client,omitempty"`
	// Issuer is the authorization server.
	Issuer string `json:"issuer,omitempty"`
	// TokenURL is its token endpoint, for refreshing without discovery.
	TokenURL string `json:"token_url,omitempty"`
	// Resource is the RFC 8707 resource indicator the token is for.
	Resource string `json:"resource,omitempty"`
	// RevocationURL is the authorization server's revocation endpoint
	// (RFC 7009), where logging out revokes the tokens.
	RevocationURL string `json:"revocation_url,omitempty"`
	// Saved is when the record was written.
	Saved time.Time `json:"saved"`
}

// Client is an OAuth client of an authorization server.
type Client struct {
	ID string `json:"client_id"`
	// Secret is the client secret (a secret), "" for a public client.
	Secret string `json:"client_secret,omitempty"`
	// AuthMethod is the token endpoint authentication method:
	// client_secret_basic, client_secret_post or none.
	AuthMethod string `json:"token_endpoint_auth_method,omitempty"`
	// RedirectURI is the loopback redirect it was registered with.
	RedirectURI string `json:"redirect_uri,omitempty"`
	// Issuer is the authorization server that registered it.
	Issuer string `json:"issuer,omitempty"`
	// Registered says it came from dynamic registration, so mcpeek may
	// register again rather than reuse it.
	Registered bool `json:"registered,omitempty"`
}

// Store keeps Records by key (the server's canonical URL).
type Store interface {
	// Load returns the record of key, or nil when there is none.
	Load(key string) (*Record, error)
	// Save replaces the record of key.
	Save(key string, r *Record) error
	// Delete removes the record of key; a missing one is not an error.
	Delete(key string) error
	// Where says where records are kept, for messages.
	Where() string
}

// TokenStoreEnv names the environment variable that picks the store:
// "keyring", "file", or "auto" (the default: the keyring when there is one).
const TokenStoreEnv = "MCPEEK_TOKEN_STORE"

// keyringService is the service name of mcpeek's keyring entries.
const keyringService = "mcpeek"

// keyringTimeout bounds one keyring operation: a keyring that waits for an
// unlock prompt nobody answers must not hang a command.
const keyringTimeout = 3 * time.Second

// DefaultStore returns the store MCPEEK_TOKEN_STORE asks for: by default the
// OS keyring, with the file store (DefaultTokenFile) for a machine without
// one and for a record too large for the keyring. Without a private
// directory for the file, the file store answers every use with the reason.
func DefaultStore() (Store, error) {
	path, err := DefaultTokenFile()
	file := &FileStore{path: path, err: err}
	switch strings.ToLower(os.Getenv(TokenStoreEnv)) {
	case "file":
		return file, nil
	case "keyring":
		return keyringStore{}, nil
	case "", "auto":
		return &autoStore{file: file}, nil
	}
	return nil, fmt.Errorf("%s=%q: want keyring, file or auto", TokenStoreEnv, os.Getenv(TokenStoreEnv))
}

// DefaultTokenFile is the file store's path: tokens.json in mcpeek's folder
// of the user's config directory ($XDG_CONFIG_HOME/mcpeek on Linux). When
// there is no such directory (HOME and XDG_CONFIG_HOME unset, or a relative
// path) it returns an error saying what to set: the temporary directory,
// shared with every user of the machine, is no place for tokens.
func DefaultTokenFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err == nil && !filepath.IsAbs(dir) {
		err = fmt.Errorf("the config directory %q is a relative path", dir)
	}
	if err != nil {
		return "", fmt.Errorf("no private directory for the OAuth token file (%v): set XDG_CONFIG_HOME to an absolute directory of your own "+
			"(the tokens go to $XDG_CONFIG_HOME/mcpeek/tokens.json), or keep them in the OS keyring (%s=keyring)", err, TokenStoreEnv)
	}
	return filepath.Join(dir, "mcpeek", "tokens.json"), nil
}

// keyringStore keeps each record as one keyring entry (service "mcpeek",
// user the key).
type keyringStore struct{}

func (keyringStore) Where() string { return "the OS keyring" }

func (keyringStore) Load(key string) (*Record, error) {
	var s string
	err := withTimeout(func() (err error) { s, err = keyring.Get(keyringService, key); return })
	if errors.Is(err, keyring.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("keyring: %w", err)
	}
	var r Record
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return nil, fmt.Errorf("keyring: the entry for %s does not decode: %w", key, err)
	}
	return &r, nil
}

func (keyringStore) Save(key string, r *Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := withTimeout(func() error { return keyring.Set(keyringService, key, string(b)) }); err != nil {
		return fmt.Errorf("keyring: %w", err)
	}
	return nil
}

func (keyringStore) Delete(key string) error {
	err := withTimeout(func() error { return keyring.Delete(keyringService, key) })
	if err != nil && !errors.Is(err, keyring.ErrNotFound) {
		return fmt.Errorf("keyring: %w", err)
	}
	return nil
}

var errKeyringTimeout = errors.New("the keyring did not answer in time")

func withTimeout(f func() error) error {
	done := make(chan error, 1)
	go func() { done <- f() }()
	t := time.NewTimer(keyringTimeout)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return errKeyringTimeout
	}
}

// autoStore uses the keyring when the machine has one, else the file; a
// record the keyring refuses as too large goes to the file too. Loads look
// in both, so a record stays found wherever it was put.
type autoStore struct {
	file *FileStore

	once sync.Once
	ok   bool // the keyring answers
}

func (a *autoStore) keyring() bool {
	a.once.Do(func() { a.ok = keyringAvailable() })
	return a.ok
}

// keyringAvailable probes the keyring once. On Linux and the BSDs the
// keyring is the Secret Service on the session D-Bus: without a session bus
// (a headless CI machine, an SSH session) there is none, and probing would
// try to launch one.
func keyringAvailable() bool {
	switch runtime.GOOS {
	case "darwin", "windows":
	default:
		if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
			return false
		}
	}
	_, err := keyringStore{}.Load("probe")
	return err == nil
}

func (a *autoStore) Where() string {
	switch {
	case a.keyring() && a.file.err != nil:
		return "the OS keyring"
	case a.keyring():
		return "the OS keyring (large entries in " + a.file.path + ")"
	}
	return a.file.Where()
}

// Load looks in the keyring, then in the file. With the keyring and no
// place for a file, nothing can be in the file: that is no error.
func (a *autoStore) Load(key string) (*Record, error) {
	if a.keyring() {
		if r, err := (keyringStore{}).Load(key); r != nil || err != nil || a.file.err != nil {
			return r, err
		}
	}
	return a.file.Load(key)
}

func (a *autoStore) Save(key string, r *Record) error {
	if a.keyring() {
		err := keyringStore{}.Save(key, r)
		if err == nil {
			return a.fileDelete(key)
		}
		if !errors.Is(err, keyring.ErrSetDataTooBig) {
			return err
		}
	}
	return a.file.Save(key, r)
}

func (a *autoStore) Delete(key string) error {
	if !a.keyring() {
		return a.file.Delete(key)
	}
	return errors.Join(keyringStore{}.Delete(key), a.fileDelete(key))
}

// fileDelete removes key's record from the file, if there is a file.
func (a *autoStore) fileDelete(key string) error {
	if a.file.err != nil {
		return nil
	}
	return a.file.Delete(key)
}

// FileStore keeps records in one JSON file, readable by its owner only
// (0600, in a 0700 folder of the user's own, checked at every use). It is
// written whole, through a temporary file renamed over it, while holding an
// advisory lock on a lock file beside it (tokens.json.lock), so that two
// mcpeek processes saving at once do not lose each other's update.
type FileStore struct {
	path string
	// err is why there is no file: no private directory for it.
	err error
	mu  sync.Mutex
}

// NewFileStore returns the store kept in path.
func NewFileStore(path string) *FileStore { return &FileStore{path: path} }

// Where returns the file's path.
func (f *FileStore) Where() string {
	if f.err != nil {
		return "no file (no private config directory)"
	}
	return f.path
}

// checkDir refuses a token directory that others may write to or that
// belongs to another user, where tokens could be read or replaced; one of
// the user's own that is too open is tightened to 0700. With create, a
// missing directory is made (0700); without, it is left missing.
func (f *FileStore) checkDir(create bool) error {
	dir := filepath.Dir(f.path)
	if create {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("token file: %w", err)
		}
	}
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) && !create {
		return nil
	}
	if err != nil {
		return fmt.Errorf("token file: %w", err)
	}
	if !st.IsDir() {
		return fmt.Errorf("token file: %s is not a directory", dir)
	}
	if owner, ok := ownerOf(st); ok && owner != os.Getuid() {
		return fmt.Errorf("the token directory %s belongs to another user (uid %d): mcpeek keeps no tokens there; "+
			"set XDG_CONFIG_HOME to a directory of your own", dir, owner)
	}
	if st.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("the token directory %s is open to other users (%v) and cannot be made private: %w", dir, st.Mode().Perm(), err)
		}
	}
	return nil
}

func (f *FileStore) read() (map[string]*Record, error) {
	if err := f.checkDir(false); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]*Record{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("token file: %w", err)
	}
	if st, err := os.Stat(f.path); err == nil && st.Mode().Perm()&0o077 != 0 {
		// Someone loosened it: tighten it before going on.
		if err := os.Chmod(f.path, 0o600); err != nil {
			return nil, fmt.Errorf("token file %s is readable by others and cannot be fixed: %w", f.path, err)
		}
	}
	recs := map[string]*Record{}
	if len(strings.TrimSpace(string(b))) == 0 {
		return recs, nil
	}
	if err := json.Unmarshal(b, &recs); err != nil {
		return nil, fmt.Errorf("token file %s does not decode: %w", f.path, err)
	}
	return recs, nil
}

func (f *FileStore) write(recs map[string]*Record) error {
	b, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(f.path, b, 0o600); err != nil {
		return fmt.Errorf("token file: %w", err)
	}
	return nil
}

// update changes the records under the lock: it reads the file, lets
// change edit the records (false: nothing to write), and writes them back.
func (f *FileStore) update(change func(recs map[string]*Record) bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	if err := f.checkDir(true); err != nil {
		return err
	}
	unlock, err := lockFile(f.path + ".lock")
	if err != nil {
		return fmt.Errorf("token file: locking: %w", err)
	}
	defer unlock()
	recs, err := f.read()
	if err != nil {
		return err
	}
	if !change(recs) {
		return nil
	}
	return f.write(recs)
}

// Load returns the record of key, or nil. It takes no lock: the file is
// replaced whole, so a reader sees one version or the other.
func (f *FileStore) Load(key string) (*Record, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return nil, f.err
	}
	recs, err := f.read()
	if err != nil {
		return nil, err
	}
	return recs[key], nil
}

// Save replaces the record of key.
func (f *FileStore) Save(key string, r *Record) error {
	return f.update(func(recs map[string]*Record) bool {
		recs[key] = r
		return true
	})
}

// Delete removes the record of key.
func (f *FileStore) Delete(key string) error {
	return f.update(func(recs map[string]*Record) bool {
		if _, ok := recs[key]; !ok {
			return false
		}
		delete(recs, key)
		return true
	})
}

// MemoryStore keeps records in memory, for tests and for callers that must
// not persist anything.
type MemoryStore struct {
	mu   sync.Mutex
	recs map[string]Record
}

// Where says "memory".
func (m *MemoryStore) Where() string { return "memory" }

// Load returns a copy of the record of key, or nil.
func (m *MemoryStore) Load(key string) (*Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.recs[key]
	if !ok {
		return nil, nil
	}
	return &r, nil
}

// Save replaces the record of key.
func (m *MemoryStore) Save(key string, r *Record) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.recs == nil {
		m.recs = map[string]Record{}
	}
	m.recs[key] = *r
	return nil
}

// Delete removes the record of key.
func (m *MemoryStore) Delete(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.recs, key)
	return nil
}
