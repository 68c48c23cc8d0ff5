# shellcheck shell=bash
# Helpers the scripts in .ci/steps share; each step sources this file after
# changing to the repository root (source .ci/lib.sh).

# install_missing COMMAND:PACKAGE...: installs from Debian, in one apt-get,
# the PACKAGE of every COMMAND that is not on PATH, so that a step runs
# alone on a fresh machine; does nothing when every COMMAND is there.
install_missing() {
  local pair missing=()
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}
