#!/usr/bin/env bash
# The browser client's JavaScript (bohnen/server/static, the vendored libraries left
# out): Prettier checks its formatting (.prettierrc.json) and ESLint lints it
# (eslint.config.mjs), each at a pinned version run through npx, so nothing of Node is
# installed with bohnen and nothing needs a package.json. `--fix` rewrites the files
# instead (Prettier's formatting, ESLint's fixes). Where Node is missing (no node or no
# npx), it says so and checks nothing. Reads no stdin.
set -euo pipefail

cd "$(dirname "$0")/.."
PRETTIER=prettier@3.10.1
ESLINT=eslint@10.15.0
FILES=("bohnen/server/static/**/*.js" eslint.config.mjs)

if ! command -v node >/dev/null 2>&1 || ! command -v npx >/dev/null 2>&1; then
    echo "JavaScript lint skipped: Node.js is not installed (node and npx are needed:" \
         "ESLint and Prettier run through npx)"
    exit 0
fi

run() {
    printf '+ %s\n' "$*"
    "$@" </dev/null
}

if [ "${1:-}" = "--fix" ]; then
    run npx --yes "$PRETTIER" --write --log-level warn "${FILES[@]}"
    run npx --yes "$ESLINT" --fix "${FILES[@]}"
else
    run npx --yes "$PRETTIER" --check --log-level warn "${FILES[@]}"
    run npx --yes "$ESLINT" --max-warnings 0 "${FILES[@]}"
fi
echo "JavaScript lint passed"
