#!/bin/sh
# The script of mcpeek's GitHub Action (action.yml at the repository's
# root): install mcpeek, run `mcpeek ci --format github` in the workspace,
# and say how it went in the step's outputs. It reads what the runner sets
# (GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY) and the action's inputs as INPUT_* variables.
# MCPEEK_BIN, when set, is a mcpeek to use instead of installing one.
set -eu

bin="${MCPEEK_BIN:-}"
if [ -z "$bin" ]; then
	dir="${RUNNER_TEMP:?RUNNER_TEMP is not set}/mcpeek-action"
	mkdir -p "$dir"
	bin="$dir/mcpeek"
	if [ -n "${INPUT_RELEASE_URL:-}" ]; then
		echo "Installing mcpeek from $INPUT_RELEASE_URL"
		curl -fsSL --retry 3 -o "$bin" "$INPUT_RELEASE_URL"
		if [ -n "${INPUT_RELEASE_SHA256:-}" ]; then
			echo "$INPUT_RELEASE_SHA256  $bin" | sha256sum -c -
		fi
		chmod +x "$bin"
	else
		echo "Building mcpeek from ${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}"
		(cd "$GITHUB_ACTION_PATH" && go build -o "$bin" ./cmd/mcpeek)
	fi
fi

cd "${GITHUB_WORKSPACE:-.}"
sarif="${INPUT_SARIF:-mcpeek.sarif}"
set -- ci --format github --lock "${INPUT_LOCK:-mcpeek.lock.json}" --sarif "$sarif" --fail-on "${INPUT_FAIL_ON:-breaking}"
if [ -n "${INPUT_CONFIG:-}" ]; then set -- "$@" --config "$INPUT_CONFIG"; fi
if [ -n "${INPUT_CLIENTS:-}" ]; then set -- "$@" --client "$INPUT_CLIENTS"; fi
if [ -n "${INPUT_CALLS:-}" ]; then set -- "$@" --calls "$INPUT_CALLS"; fi
# the servers: names separated by spaces or commas
for server in $(echo "${INPUT_SERVERS:-}" | tr ',' ' '); do set -- "$@" "$server"; done

status=0
"$bin" "$@" || status=$?
if [ -n "${GITHUB_OUTPUT:-}" ]; then
	echo "status=$status" >>"$GITHUB_OUTPUT"
	if [ -f "$sarif" ]; then echo "sarif=$sarif" >>"$GITHUB_OUTPUT"; fi
fi
exit "$status"
