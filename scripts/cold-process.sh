#!/usr/bin/env bash
# The fresh-process probe (bench/SharpCoreDB.Benchmarks --cold-process) with the engine
# as the package ships it: publishes the benchmark program into a temporary folder, then
# puts the SharpCoreDB package's ReadyToRun images for this machine's RID over the IL
# copies of SharpCoreDB.dll, SharpCoreDB.Sql.dll and SharpCoreDB.Wal.dll (what a
# framework-dependent app loads from runtimes/<rid>/). Every other assembly (ANTLR's
# runtime, Microsoft.Data.Sqlite) stays as its package ships it, as in a user's app.
# Usage: scripts/cold-process.sh [rounds] [--jit]   (--jit keeps the IL: the engine
# compiled by the JIT, as the probe measured before the package had images)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

dotnet publish bench/SharpCoreDB.Benchmarks -c Release -o "$work/bench" > /dev/null
if [ "${2:-}" != "--jit" ]; then
    rid=$(dotnet --info | sed -nE 's/^ *RID: *([^ ]+)$/\1/p' | head -1)
    dotnet pack src/SharpCoreDB -c Release -o "$work/feed" > /dev/null
    unzip -q -o -j "$work"/feed/SharpCoreDB.*[0-9].nupkg "runtimes/$rid/lib/net10.0/*.dll" -d "$work/bench"
    echo "engine: the package's ReadyToRun images for $rid"
else
    echo "engine: IL (JIT)"
fi
dotnet "$work/bench/SharpCoreDB.Benchmarks.dll" --cold-process "$rounds"
