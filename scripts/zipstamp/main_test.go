package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeZip writes entries, in the order given, all stamped at packed.
func writeZip(t *testing.T, path string, packed time.Time, entries [][2]string) {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, e := range entries {
		f, err := w.CreateHeader(&zip.FileHeader{Name: e[0], Method: zip.Deflate, Modified: packed})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, e[1])
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStampMakesPacksIdentical packs the same files at two times and in two
// orders: after stamp the archives are equal byte for byte, ordered by name,
// dated at the commit, and hold the same contents.
func TestStampMakesPacksIdentical(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.zip"), filepath.Join(dir, "b.zip")
	writeZip(t, a, time.Date(2026, 11, 30, 9, 0, 1, 0, time.Local), [][2]string{{"server/x", "binary"}, {"manifest.json", "{}"}})
	writeZip(t, b, time.Date(2026, 12, 1, 23, 59, 59, 0, time.UTC), [][2]string{{"manifest.json", "{}"}, {"server/x", "binary"}})
	commit := time.Date(2026, 11, 28, 16, 45, 12, 0, time.UTC)
	for _, p := range []string{a, b} {
		if err := stamp(p, commit); err != nil {
			t.Fatal(err)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Fatal("stamped archives differ")
	}
	r, err := zip.OpenReader(a)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want := map[string]string{"manifest.json": "{}", "server/x": "binary"}
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(commit) {
			t.Errorf("%s dated %v; want %v", f.Name, f.Modified, commit)
		}
		rc, _ := f.Open()
		got, _ := io.ReadAll(rc)
		rc.Close()
		if string(got) != want[f.Name] {
			t.Errorf("%s holds %q; want %q", f.Name, got, want[f.Name])
		}
	}
	if len(names) != 2 || names[0] != "manifest.json" || names[1] != "server/x" {
		t.Errorf("entries %v; want manifest.json, server/x", names)
	}
}
