#!/bin/sh
# Rebuild bpdsl/web/static/vendor/codemirror.min.js from npm (run once after changing package.json; the
# result is committed, so bpdsl needs no build step and no network at run time).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../bpdsl/web/static/vendor"
cd "$here"
npm install --no-audit --no-fund --loglevel=error
mkdir -p "$out"
npx esbuild entry.js --bundle --minify --format=iife --target=es2020 --legal-comments=none \
  --outfile="$out/codemirror.min.js"
# the licences of every bundled package, beside the bundle
node -e '
const fs = require("fs"), path = require("path");
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
let text = "Licences of the packages bundled in codemirror.min.js (built by scripts/studio-editor/build.sh)\n";
for (const [where, info] of Object.entries(lock.packages)) {
  if (!where || info.dev) continue;
  const dir = where;
  const file = fs.readdirSync(dir).find(f => /^licen[cs]e/i.test(f));
  text += "\n==== " + where.replace(/^node_modules\//, "") + " " + info.version + " (" + (info.license || "?") + ")\n";
  if (file) text += fs.readFileSync(path.join(dir, file), "utf8");
}
fs.writeFileSync(process.argv[1], text);
' "$out/codemirror.LICENSES.txt"
ls -l "$out"
