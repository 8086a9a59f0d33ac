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
// one and for a record too large for the keyring.
func DefaultStore() (Store, error) {
	file := NewFileStore(DefaultTokenFile())
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
// of the user's config directory ($XDG_CONFIG_HOME/mcpeek on Linux).
func DefaultTokenFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "mcpeek", "tokens.json")
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
	if a.keyring() {
		return "the OS keyring (large entries in " + a.file.path + ")"
	}
	return a.file.Where()
}

func (a *autoStore) Load(key string) (*Record, error) {
	if a.keyring() {
		if r, err := (keyringStore{}).Load(key); r != nil || err != nil {
			return r, err
		}
	}
	return a.file.Load(key)
}

func (a *autoStore) Save(key string, r *Record) error {
	if a.keyring() {
		err := keyringStore{}.Save(key, r)
		if err == nil {
			return a.file.Delete(key)
		}
		if !errors.Is(err, keyring.ErrSetDataTooBig) {
			return err
		}
	}
	return a.file.Save(key, r)
}

func (a *autoStore) Delete(key string) error {
	var err error
	if a.keyring() {
		err = keyringStore{}.Delete(key)
	}
	return errors.Join(err, a.file.Delete(key))
}

// FileStore keeps records in one JSON file, readable by its owner only
// (0600, in a 0700 folder). It is written whole, through a temporary file
// renamed over it.
type FileStore struct {
	path string
	mu   sync.Mutex
}

// NewFileStore returns the store kept in path.
func NewFileStore(path string) *FileStore { return &FileStore{path: path} }

// Where returns the file's path.
func (f *FileStore) Where() string { return f.path }

func (f *FileStore) read() (map[string]*Record, error) {
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
	if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
		return fmt.Errorf("token file: %w", err)
	}
	b, err := json.MarshalIndent(recs, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(f.path, b, 0o600); err != nil {
		return fmt.Errorf("token file: %w", err)
	}
	return nil
}

// Load returns the record of key, or nil.
func (f *FileStore) Load(key string) (*Record, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	recs, err := f.read()
	if err != nil {
		return nil, err
	}
	return recs[key], nil
}

// Save replaces the record of key.
func (f *FileStore) Save(key string, r *Record) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	recs, err := f.read()
	if err != nil {
		return err
	}
	recs[key] = r
	return f.write(recs)
}

// Delete removes the record of key.
func (f *FileStore) Delete(key string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	recs, err := f.read()
	if err != nil {
		return err
	}
	if _, ok := recs[key]; !ok {
		return nil
	}
	delete(recs, key)
	return f.write(recs)
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
