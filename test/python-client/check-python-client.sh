#!/usr/bin/env bash
# Generates a Python client from an OpenAPI file of this project with openapi-python-client and checks
# it: every module imports, and every named example of the file parses with the generated model that
# its schema maps to (check-generated-client.py). Not part of `npm test`: the generator is not on the
# package index CI installs from. The command and the figures of a run are in docs/package.md.
#
# usage: test/python-client/check-python-client.sh GENERATOR [SPEC]
#   GENERATOR  an openapi-python-client checkout (a folder with its pyproject.toml), installed into a
#              temporary virtual environment from the configured pip index, or the
#              openapi-python-client executable of an existing installation
#   SPEC       the OpenAPI file (default: spec/openapi.json-only.json)
# Set PIP_INDEX_URL to point pip at a local index. Set KEEP_CLIENT=DIR to keep the generated client.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
generator=${1:?usage: check-python-client.sh GENERATOR [SPEC]}
spec=$(realpath "${2:-$root/spec/openapi.json-only.json}")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
pip=("$work/venv/bin/pip" install --quiet --disable-pip-version-check)
# The generated client's own dependencies (its pyproject.toml: httpx below 0.29, attrs) and the
# validator that tells which alternative of a response an example is.
"${pip[@]}" 'httpx>=0.23.1,<0.29.0' 'attrs>=22.2.0' jsonschema
if [ -d "$generator" ]; then
  "${pip[@]}" "$generator"
  gen="$work/venv/bin/openapi-python-client"
  source_note="checkout $(realpath "$generator")"
  if git -C "$generator" rev-parse HEAD >/dev/null 2>&1; then
    source_note="$source_note at $(git -C "$generator" rev-parse HEAD)"
  fi
else
  gen=$(command -v "$generator")
  source_note="executable $gen"
fi

echo "generator: $("$gen" --version) ($source_note)"
echo "spec: $spec"
# The generator formats its output with ruff when ruff is on the PATH; its installation brings one.
PATH="$(dirname "$gen"):$PATH" "$gen" generate --path "$spec" --output-path "$work/client" >"$work/generate.log" 2>&1 || {
  cat "$work/generate.log"
  echo "the generator failed"
  exit 1
}
warnings=$(grep -c -i 'warning' "$work/generate.log" || true)
echo "generator log lines mentioning a warning: $warnings"
[ "$warnings" = 0 ] || cat "$work/generate.log"

package=$(find "$work/client" -mindepth 2 -maxdepth 2 -name __init__.py -printf '%h\n' | head -n 1)
[ -n "$package" ] || {
  echo "no package in the generated client"
  exit 1
}
if [ -n "${KEEP_CLIENT:-}" ]; then
  rm -rf "$KEEP_CLIENT"
  cp -r "$work/client" "$KEEP_CLIENT"
  echo "client kept in $KEEP_CLIENT"
fi
"$work/venv/bin/python" "$here/check-generated-client.py" --package "$package" --spec "$spec"
