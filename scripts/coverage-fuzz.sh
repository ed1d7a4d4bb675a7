#!/usr/bin/env bash
# Coverage-guided fuzzing of the SQL parser and executor (docs/testing.md, "Coverage-guided
# fuzzing"). Restores the sharpfuzz tool from the tool manifest (.config/dotnet-tools.json),
# builds tests/SharpCoreDB.CoverageFuzz, copies its output to a work directory, instruments
# SharpCoreDB.Sql.dll and SharpCoreDB.dll there (every branch then updates the edge map the
# fuzzer reads) and runs the fuzzer for the budget given. The corpus and the failures are
# kept in the work directory, so a second run goes on where the first stopped.
# Usage: scripts/coverage-fuzz.sh [seconds=600] [work-dir=fuzz-work] [seed=1]
# Exit code: 0 when no input broke the contract, 1 when some did (see <work-dir>/crashes),
# 3 when the fuzzer process died (the input it was running is kept as crashes/died-*.sql).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-600}
work=${2:-fuzz-work}
seed=${3:-1}

dotnet tool restore > /dev/null
dotnet build tests/SharpCoreDB.CoverageFuzz -c Release -v quiet -nologo

bin="$work/bin"
rm -rf "$bin"
mkdir -p "$bin" "$work/corpus" "$work/crashes"
cp -r tests/SharpCoreDB.CoverageFuzz/bin/Release/net10.0/. "$bin/"
for assembly in SharpCoreDB.Sql.dll SharpCoreDB.dll; do
    dotnet tool run sharpfuzz "$bin/$assembly"
done

set +e
dotnet "$bin/SharpCoreDB.CoverageFuzz.dll" --seconds "$seconds" --seed "$seed" \
    --corpus "$work/corpus" --crashes "$work/crashes" --require-instrumentation
status=$?
set -e
if [ "$status" -gt 2 ]; then
    kept="$work/crashes/died-$(date +%s).sql"
    cp "$work/crashes/current.sql" "$kept"
    echo "the fuzzer died (exit $status) while running the input kept in $kept"
    exit 3
fi
exit "$status"
