// Command zipstamp makes a zip archive reproducible: it rewrites every
// entry's modification time to one instant, the release commit's, and
// orders the entries by name, copying their compressed bytes unchanged.
// The .mcpb bundle is a zip that `mcpb pack` stamps with the time of
// packing; after zipstamp the same commit gives the same bundle, byte for
// byte.
//
//	go run ./scripts/zipstamp -time UNIX_SECONDS FILE.zip
package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"
)

func main() {
	unix := flag.Int64("time", -1, "the entries' modification time, in Unix seconds (e.g. git log -1 --format=%ct)")
	flag.Parse()
	if *unix < 0 || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: zipstamp -time UNIX_SECONDS FILE.zip")
		os.Exit(2)
	}
	if err := stamp(flag.Arg(0), time.Unix(*unix, 0).UTC()); err != nil {
		fmt.Fprintln(os.Stderr, "zipstamp:", err)
		os.Exit(1)
	}
}

// stamp rewrites the zip at path in place.
func stamp(path string, mtime time.Time) error {
	r, err := zip.OpenReader(path)
	if err != nil {
		return err
	}
	defer r.Close()
	files := slices.Clone(r.File)
	slices.SortFunc(files, func(a, b *zip.File) int { return strings.Compare(a.Name, b.Name) })
	var out bytes.Buffer
	w := zip.NewWriter(&out)
	for _, f := range files {
		h := f.FileHeader
		// CreateRaw writes the header as given: unlike CreateHeader it does
		// not derive the DOS date and time from Modified, so they are set
		// here, and the packer's extra fields (timestamps) dropped.
		h.Modified = mtime
		//lint:ignore SA1019 CreateRaw writes only these fields, not Modified
		h.ModifiedDate, h.ModifiedTime = dosTime(mtime)
		h.Extra = nil
		raw, err := f.OpenRaw()
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		dst, err := w.CreateRaw(&h)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
		if _, err := io.Copy(dst, raw); err != nil {
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	r.Close()
	return os.WriteFile(path, out.Bytes(), 0o644)
}

// dosTime returns t as an MS-DOS date and time, the zip entry's own
// timestamp (two-second resolution).
func dosTime(t time.Time) (date, clock uint16) {
	date = uint16(t.Day() + int(t.Month())<<5 + (t.Year()-1980)<<9)
	clock = uint16(t.Second()/2 + t.Minute()<<5 + t.Hour()<<11)
	return date, clock
}
