package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is the release version, stamped by the release build
// (.goreleaser.yaml: -ldflags "-X main.version=…"); it is empty in any other
// build. It is the one version the binary reports: in --version, in the MCP
// serverInfo, and, through the bundle build that asks the binary, in the
// .mcpb manifest.
var version string

// serverVersion returns the stamped release version; else the module
// version Go recorded at build time: v1.2.3 for `go install …@v1.2.3`, a
// pseudo-version such as v0.0.0-20261130120000-0123456789ab for a build
// from a clone, with +dirty when the work tree had uncommitted changes;
// else "devel" (go run, or a build without version control information).
func serverVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return versionOf(version, bi)
}

// versionOf chooses between the stamped version and the build information.
func versionOf(stamped string, bi *debug.BuildInfo) string {
	if stamped != "" {
		return stamped
	}
	if bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// printVersion writes the --version line: the version, then the platform
// and the Go release it was built with.
func printVersion(w io.Writer) {
	fmt.Fprintf(w, "accounting-mcp %s (%s/%s, %s)\n", serverVersion(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}
